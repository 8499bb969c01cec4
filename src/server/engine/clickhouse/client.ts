import { randomUUID } from 'node:crypto';
import { EngineError } from '../errors';
import { clickhouseError, clickhouseErrorCode, connectionError } from './errors';
import { quoteString } from './literal';
import { type CellReader, cellReader } from './tsv';

/*
 * ClickHouse over its HTTP interface, with the platform's fetch (undici): the official client adds
 * little for 18.16, which has no query parameters, and fetch streams request and response bodies.
 *
 * Every query carries a `query_id`. When its AbortSignal fires, the HTTP request is aborted and a
 * `KILL QUERY` for that id is sent, since 18.16 does not cancel a query whose client went away.
 */

export interface ClickHouseSettings {
  /** HTTP interface of any node, e.g. `http://127.0.0.1:18300`. */
  readonly url: string;
  readonly database?: string;
  readonly user?: string;
  readonly password?: string;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  /** ClickHouse settings sent with the query (`max_execution_time`, …). */
  readonly settings?: Readonly<Record<string, string | number>>;
}

/** Result columns and rows of `JSONCompact`. */
export interface CompactResult {
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly rows: unknown[][];
}

/**
 * Settings every query gets: 64-bit integers as JSON numbers, as DuckDB's engine returns them; and room
 * for the compiled queries' text, which holds every value (18.16 has no query parameters: a geometry
 * literal of a few hundred vertices passes the default 256 KiB of query text and 50,000 AST nodes).
 */
const OUTPUT_SETTINGS = {
  output_format_json_quote_64bit_integers: 0,
  max_query_size: 16 * 1024 * 1024,
  max_ast_elements: 1_000_000,
  max_expanded_ast_elements: 1_000_000,
};

/** ClickHouse's text of an error that happened once rows were sent. */
const isErrorLine = (line: string): boolean => /^Code: \d+, e\.displayText\(\) = /.test(line);

/** Node's fetch failed because the other side closed the socket (undici's `UND_ERR_SOCKET`, ECONNRESET). */
export function closedByPeer(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}

export class ClickHouseClient {
  private readonly base: URL;
  private readonly headers: Record<string, string>;

  constructor(readonly settings: ClickHouseSettings) {
    this.base = new URL(settings.url);
    this.headers = {
      'X-ClickHouse-User': settings.user ?? 'default',
      'X-ClickHouse-Key': settings.password ?? '',
    };
  }

  /** A request that got no answer from ClickHouse, as the EngineError of this node. */
  private noAnswer(error: unknown, signal: AbortSignal | undefined): EngineError {
    return connectionError(error, signal, this.base.host);
  }

  private url(queryId: string, params: Record<string, string | number>): URL {
    const url = new URL(this.base);
    url.searchParams.set('query_id', queryId);
    if (this.settings.database) url.searchParams.set('database', this.settings.database);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    return url;
  }

  /**
   * Sends one statement (the SQL in the body, or in the URL with `body` as the data of an INSERT) and
   * returns the response once its status is known. Aborting cancels the query on the server too.
   */
  private async send(
    sql: string,
    options: RequestOptions & {
      body?: BodyInit;
      params?: Record<string, string | number>;
      /** A read: sent again once if the connection was closed before any answer (see below). */
      retryClosed?: boolean;
    },
  ): Promise<{ response: Response; queryId: string; detach: () => void }> {
    const queryId = randomUUID();
    const controller = new AbortController();
    const signal = options.signal;
    const onAbort = (): void => {
      controller.abort();
      void this.kill(queryId);
    };
    if (signal?.aborted) throw this.noAnswer(new Error('aborted before start'), signal);
    signal?.addEventListener('abort', onAbort, { once: true });
    const detach = (): void => signal?.removeEventListener('abort', onAbort);
    const params: Record<string, string | number> = {
      ...OUTPUT_SETTINGS,
      ...options.settings,
      ...options.params,
    };
    const withData = options.body !== undefined;
    if (withData) params.query = sql;
    const post = (): Promise<Response> =>
      fetch(this.url(queryId, params), {
        method: 'POST',
        headers: this.headers,
        body: withData ? options.body : sql,
        signal: controller.signal,
        // Node's fetch needs this to send a streamed request body.
        ...(withData ? { duplex: 'half' } : {}),
      } as RequestInit);
    let response: Response;
    try {
      try {
        response = await post();
      } catch (error) {
        // A pooled keep-alive connection that the server closed as it went idle fails the next request
        // sent on it before any answer. A read is sent again once, on a new connection; a statement that
        // writes is not, as it may have run.
        if (!options.retryClosed || withData || signal?.aborted || !closedByPeer(error)) throw error;
        response = await post();
      }
    } catch (error) {
      detach();
      throw this.noAnswer(error, signal);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      detach();
      throw clickhouseError(text, signal);
    }
    return { response, queryId, detach };
  }

  /** Cancels a running query by id (best effort: it may have finished already). */
  async kill(queryId: string): Promise<void> {
    try {
      const response = await fetch(this.url(randomUUID(), {}), {
        method: 'POST',
        headers: this.headers,
        body: `KILL QUERY WHERE query_id = ${quoteString(queryId)} ASYNC`,
        signal: AbortSignal.timeout(5000),
      });
      await response.text();
    } catch {
      // The server is gone or busy: nothing more to cancel from here.
    }
  }

  /** Runs a statement without result (DDL, INSERT … SELECT). */
  async execute(sql: string, options: RequestOptions = {}): Promise<void> {
    const { response, detach } = await this.send(sql, options);
    try {
      const text = await response.text();
      if (clickhouseErrorCode(text) !== undefined) throw clickhouseError(text, options.signal);
    } catch (error) {
      throw error instanceof EngineError ? error : this.noAnswer(error, options.signal);
    } finally {
      detach();
    }
  }

  /**
   * Runs a query and returns its whole result. `wait_end_of_query` makes the server finish before it
   * answers, so an error is a status code rather than text appended to a half-sent result.
   */
  async query(sql: string, options: RequestOptions = {}): Promise<CompactResult> {
    const { response, detach } = await this.send(`${sql}\nFORMAT JSONCompact`, {
      ...options,
      params: { wait_end_of_query: 1 },
      retryClosed: true,
    });
    try {
      const text = await response.text();
      let parsed: { meta: { name: string; type: string }[]; data: unknown[][] };
      try {
        parsed = JSON.parse(text);
      } catch {
        throw clickhouseError(text, options.signal);
      }
      return { columns: parsed.meta, rows: parsed.data };
    } catch (error) {
      throw error instanceof EngineError ? error : this.noAnswer(error, options.signal);
    } finally {
      detach();
    }
  }

  /**
   * Runs a query and yields its rows in chunks as they arrive, each value as `JSONEachRow` would give it
   * (`TSVWithNamesAndTypes`, read by column type: tsv.ts). An error after the first rows arrives as a
   * text line in place of a row; it is thrown then.
   */
  async *stream(
    sql: string,
    options: RequestOptions & { chunkRows?: number } = {},
  ): AsyncGenerator<unknown[][]> {
    const { response, queryId, detach } = await this.send(`${sql}\nFORMAT TSVWithNamesAndTypes`, {
      ...options,
      retryClosed: true,
    });
    const chunkRows = options.chunkRows ?? 2048;
    let finished = false;
    try {
      if (!response.body) return;
      const decoder = new TextDecoder();
      let pending = '';
      // The header's two lines: names, then types.
      let header = 0;
      let readers: CellReader[] = [];
      let chunk: unknown[][] = [];
      const take = (line: string): void => {
        if (header < 2) {
          if (clickhouseErrorCode(line) !== undefined) throw clickhouseError(line, options.signal);
          if (header === 1) readers = line.split('\t').map(cellReader);
          header++;
          return;
        }
        const cells = line.split('\t');
        // A row has one cell per column (texts hold no raw tab); an error text in its place has not, or
        // is ClickHouse's error line (`Code: …`) where a row has a single column.
        if (cells.length !== readers.length || (readers.length === 1 && isErrorLine(line))) {
          throw clickhouseError(line, options.signal);
        }
        // The cells become the row's values in place.
        const row: unknown[] = cells;
        for (let i = 0; i < cells.length; i++) row[i] = readers[i]!(cells[i]!);
        chunk.push(row);
      };
      for await (const bytes of response.body) {
        const text = pending + decoder.decode(bytes, { stream: true });
        const last = text.lastIndexOf('\n');
        if (last < 0) {
          pending = text;
          continue;
        }
        const lines = text.slice(0, last).split('\n');
        pending = text.slice(last + 1);
        for (const line of lines) take(line);
        if (chunk.length >= chunkRows) {
          yield chunk;
          chunk = [];
        }
      }
      pending += decoder.decode();
      if (pending !== '') take(pending);
      if (chunk.length > 0) yield chunk;
      finished = true;
    } catch (error) {
      throw error instanceof EngineError ? error : this.noAnswer(error, options.signal);
    } finally {
      detach();
      // The consumer stopped early (a client went away): stop the query too.
      if (!finished) {
        await response.body?.cancel().catch(() => undefined);
        await this.kill(queryId);
      }
    }
  }

  /** Inserts rows given as a byte stream in `format` (JSONEachRow, TabSeparated, …). */
  async insert(
    table: string,
    format: string,
    body: ReadableStream<Uint8Array> | Uint8Array | string,
    options: RequestOptions = {},
  ): Promise<void> {
    const { response, detach } = await this.send(`INSERT INTO ${table} FORMAT ${format}`, {
      ...options,
      body: body as BodyInit,
    });
    try {
      await response.text();
    } catch (error) {
      throw this.noAnswer(error, options.signal);
    } finally {
      detach();
    }
  }
}
