/**
 * A local HTTP server that answers like an outside API, for contract tests, e2e tests and
 * the dev stack. It records every request and can be told to give scripted answers first
 * (429, 503, malformed bodies, slow answers) before the API's normal behaviour resumes.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, URL-decoded, e.g. "/v1/postcodes/SW1A 2AA". */
  path: string;
  /** Query parameters (the last value wins when one repeats). */
  query: Record<string, string>;
  /** Header names are lower case, as Node gives them. */
  headers: IncomingHttpHeaders;
  body: string;
}

/** One answer. An object body is sent as JSON; a string body is sent as is (still labelled JSON). */
export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering, to exercise client timeouts. */
  delayMs?: number;
}

/** Works out the API's normal answer to a request. */
export type ContractHandler = (request: RecordedRequest) => ScriptedResponse;

/** A running contract server. */
export interface ContractServer {
  /** Base URL, e.g. "http://127.0.0.1:53122" (no trailing slash). */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Queues answers given to the next requests, in order, instead of the normal ones. */
  enqueue(...responses: ScriptedResponse[]): void;
  /** Forgets recorded requests and queued answers. */
  reset(): void;
  /** Stops the server, dropping kept-alive connections so tests end promptly. */
  close(): Promise<void>;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function send(res: ServerResponse, answer: ScriptedResponse): void {
  if (res.destroyed) return; // the client gave up (timed out) before we answered
  const body =
    answer.body === undefined
      ? ''
      : typeof answer.body === 'string'
        ? answer.body
        : JSON.stringify(answer.body);
  res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
  res.end(body);
}

/** Starts a server on 127.0.0.1 and a free port that answers with `handler`. */
export async function startContractServer(handler: ContractHandler): Promise<ContractServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://contract.local');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: safeDecode(parsed.pathname),
        query: Object.fromEntries(parsed.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      let answer: ScriptedResponse;
      try {
        answer = queue.shift() ?? handler(recorded);
      } catch (error) {
        answer = { status: 500, body: { message: `contract server failed: ${String(error)}` } };
      }
      if (!answer.delayMs) {
        send(res, answer);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, answer);
      }, answer.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => void queue.push(...responses),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
