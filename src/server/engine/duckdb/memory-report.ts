import type { Engine } from '../types';
import { duckdbMemory } from './memory';

/*
 * Where the server's resident memory goes, as one log line: the JavaScript heap (the served datasets'
 * metadata, the snapshot read at start), buffers held by JavaScript, and each DuckDB engine's own count
 * (its tables, caches and buffers; what it spilled to disk is not resident). The rest is code, the
 * allocators' free lists and thread stacks.
 */

const MIB = 2 ** 20;

const mib = (bytes: number): string => `${Math.round(bytes / MIB)} MiB`;

/** The breakdown of the resident memory, `engines` named as they should read in the log. */
export async function memoryReport(engines: Readonly<Record<string, Engine>>): Promise<string> {
  const usage = process.memoryUsage();
  const parts: string[] = [
    `JS heap ${mib(usage.heapUsed)} of ${mib(usage.heapTotal)}`,
    `JS buffers ${mib(usage.external + usage.arrayBuffers)}`,
  ];
  let counted = usage.heapTotal + usage.external;
  for (const [name, engine] of Object.entries(engines)) {
    try {
      const memory = await duckdbMemory(engine);
      counted += memory.inMemory;
      parts.push(`DuckDB ${name} ${mib(memory.inMemory)} (${mib(memory.spilled)} spilled to disk)`);
    } catch {
      parts.push(`DuckDB ${name} not counted`);
    }
  }
  parts.push(`code, allocators and stacks ${mib(Math.max(0, process.memoryUsage.rss() - counted))}`);
  return `resident ${mib(process.memoryUsage.rss())}: ${parts.join(', ')}`;
}
