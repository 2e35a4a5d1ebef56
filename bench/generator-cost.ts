// What autocannon's own client code costs per response (issue 34, decision 0076), a figure no
// load on the machine moves: each answer of the skeleton scenario is fetched once as raw bytes
// from the built server, then fed N times through the code autocannon runs on every response it
// reads (http-parser-js and autocannon's request queue), once as autocannon does it (the body
// kept as a string) and once with the body left out. CPU µs per response, printed.
// Usage: npm run build && npm run generator-cost -w @waymark/bench
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { startServer } from '../scripts/lib/start-server.mjs';
import { skeletonScenario } from './scenarios/skeleton';

type Parser = Record<number, unknown> & { execute: (bytes: Buffer) => void };
type Queue = {
  insertRequest: (request: object) => void;
  addByteCount: (count: number) => void;
  addBody: (body: Buffer) => void;
  setHeaders: (headers: object) => void;
  terminateRequest: () => void;
};
type ParserModule = {
  HTTPParser: (new (type: number) => Parser) & {
    RESPONSE: number;
    kOnHeadersComplete: number;
    kOnBody: number;
    kOnMessageComplete: number;
  };
};

// autocannon's own modules, wired as its lib/httpClient.js wires them.
const fromBench = createRequire(import.meta.url);
const fromAutocannon = createRequire(fromBench.resolve('autocannon'));
const { HTTPParser } = fromAutocannon('http-parser-js') as ParserModule;
const Queue = fromBench('autocannon/lib/pipelinedRequestsQueue.js') as new () => Queue;
const RESPONSES = Number(process.env.BENCH_GENERATOR_COST_RESPONSES ?? 20_000);

/** The raw bytes of one answer to GET `url` with `headers`, status line to last body byte. */
function rawAnswer(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const { hostname, port, pathname } = new URL(url);
  const lines = Object.entries({ host: `${hostname}:${port}`, ...headers, connection: 'close' });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(
      `GET ${pathname} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`,
    );
  });
}

/** CPU µs per response of autocannon's per-response code on `bytes`, with or without keeping the body. */
function cost(bytes: Buffer, keepBody: boolean): number {
  const queue = new Queue();
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  parser[HTTPParser.kOnHeadersComplete] = (headers: object) => queue.setHeaders(headers);
  parser[HTTPParser.kOnBody] = (body: Buffer, start: number, length: number) => {
    if (keepBody) queue.addBody(body.subarray(start, start + length));
  };
  parser[HTTPParser.kOnMessageComplete] = () => queue.terminateRequest();
  const before = process.cpuUsage();
  for (let n = 0; n < RESPONSES; n += 1) {
    queue.insertRequest({});
    queue.addByteCount(bytes.length);
    parser.execute(bytes);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / RESPONSES;
}

const server = await startServer();
try {
  const prepared = await skeletonScenario.prepare(server.url, {} as never);
  console.log(
    `autocannon's client code per response (${RESPONSES} responses each, CPU µs; http-parser-js + its queue):`,
  );
  console.log('| answer | bytes | as autocannon runs it | body not kept |');
  console.log('|---|---:|---:|---:|');
  for (const target of [prepared.baseline, ...prepared.targets]) {
    const bytes = await rawAnswer(target.url, target.headers);
    cost(bytes, true); // warm-up: the JIT's first pass is not the steady state
    console.log(
      `| ${target.label} | ${bytes.length} | ${cost(bytes, true).toFixed(1)} | ${cost(bytes, false).toFixed(1)} |`,
    );
  }
} finally {
  await server.stop();
}
