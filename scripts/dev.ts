import { spawn } from 'node:child_process';

/*
 * `npm run dev`: the server (restarted when its code changes) and the Vite dev server with hot reload,
 * which forwards /api to the server. Open http://127.0.0.1:5173/.
 */
const children = [
  spawn(
    'npx',
    [
      'tsx',
      'watch',
      '--clear-screen=false',
      '--require',
      './src/server/threadpool.cjs',
      'src/server/main.ts',
    ],
    {
      stdio: 'inherit',
      env: process.env,
    },
  ),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env: process.env }),
];
const stop = (): void => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
