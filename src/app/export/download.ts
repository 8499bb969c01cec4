import { ApiError, isAbortError } from '../../api';

export interface DownloadProgress {
  /** Bytes received so far. */
  readonly bytes: number;
  /** The file's size when the server announced it (`Content-Length`). */
  readonly totalBytes?: number;
}

export interface DownloadedFile {
  readonly blob: Blob;
  /** The name the server gave (`Content-Disposition`), if any. */
  readonly filename?: string;
}

export interface DownloadOptions {
  readonly signal: AbortSignal;
  readonly onProgress: (progress: DownloadProgress) => void;
  /** Starts the request: the client's `getFile`, which sends the API key and maps error answers. */
  readonly getFile: (url: string, signal: AbortSignal) => Promise<Response>;
}

/** `attachment; filename="flights.csv"` (or RFC 5987's `filename*=UTF-8''…`) → `flights.csv`. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  // Only a bare file name: never a path the browser would be asked to honour.
  return name ? name.replace(/^.*[/\\]/, '') || undefined : undefined;
}

/** Reads an export as it streams, reporting the bytes received, and returns the whole file. */
export async function fetchExport(url: string, options: DownloadOptions): Promise<DownloadedFile> {
  const response = await options.getFile(url, options.signal);
  const length = Number(response.headers.get('content-length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : undefined;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const filename = filenameFromDisposition(response.headers.get('content-disposition'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  options.onProgress(totalBytes === undefined ? { bytes } : { bytes, totalBytes });
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        options.onProgress(totalBytes === undefined ? { bytes } : { bytes, totalBytes });
      }
    } catch (error) {
      if (isAbortError(error) || options.signal.aborted) throw error;
      // The server cut the stream: the file is incomplete and must not be saved as if it were whole.
      throw new ApiError(0, 'IncompleteExport', 'The export was interrupted before its end.', url);
    }
  }
  const blob = new Blob(chunks, { type });
  return filename === undefined ? { blob } : { blob, filename };
}

/** Hands a downloaded file to the browser, which saves it under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the save in some browsers; a minute is plenty to hand it over.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** `12.3 MB`, in the browser's locale. */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
