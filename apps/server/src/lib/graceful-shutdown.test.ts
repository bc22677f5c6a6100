import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainConnections, stopOnSignals } from './graceful-shutdown.js';

/** stopOnSignals with a stand-in process: the lines it logs and the exit codes it asks for. */
function harness(stop: () => Promise<void>, timeoutMs = 1000) {
  const signals = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  stopOnSignals({
    name: 'server',
    timeoutMs,
    stop,
    log: (line) => lines.push(line),
    warn: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    signals: signals as unknown as Pick<NodeJS.Process, 'on'>,
  });
  return { signals, lines, exits };
}

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopOnSignals', () => {
  it('runs the stop once on SIGTERM and exits 0 when it is done', async () => {
    let stops = 0;
    let finish: () => void = () => undefined;
    const { signals, lines, exits } = harness(() => {
      stops++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    signals.emit('SIGTERM');
    await tick();
    expect(stops).toBe(1);
    expect(exits).toEqual([]);
    expect(lines[0]).toBe('SIGTERM: the server is stopping (finishing what is in flight, at most 1 s)...');
    finish();
    await tick();
    expect(exits).toEqual([0]);
    expect(lines[1]).toMatch(/^The server stopped cleanly in \d+ ms\.$/);
  });

  it('exits 1 past the time limit, saying so, and at once on a second signal', async () => {
    const slow = harness(() => new Promise<void>(() => undefined), 50);
    slow.signals.emit('SIGINT');
    await tick(120);
    expect(slow.exits).toEqual([1]);
    expect(slow.lines).toContain('The server did not stop within 0 s: exiting anyway.');

    const twice = harness(() => new Promise<void>(() => undefined), 60_000);
    twice.signals.emit('SIGTERM');
    twice.signals.emit('SIGINT');
    expect(twice.exits).toEqual([1]);
    expect(twice.lines[1]).toBe('SIGINT again while stopping: the server exits now.');
  });

  it('exits 1 when stopping fails, with the reason', async () => {
    const { signals, lines, exits } = harness(() => Promise.reject(new Error('database gone')));
    signals.emit('SIGTERM');
    await tick();
    expect(exits).toEqual([1]);
    expect(lines[1]).toBe('The server failed while stopping: database gone');
  });
});

describe('drainConnections', () => {
  it('ends a keep-alive connection after its request in flight, and idle ones at once', async () => {
    const app = Fastify();
    app.post('/echo', async (request) => request.body);
    const drain = drainConnections(app.server);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const connect = async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const state = { text: '', closed: false };
      socket.on('data', (chunk) => {
        state.text += chunk.toString();
      });
      socket.on('close', () => {
        state.closed = true;
      });
      return { socket, state };
    };
    const idle = await connect();
    idle.socket.write(
      'POST /echo HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    const busy = await connect();
    busy.socket.write(
      'POST /echo HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{"a"',
    );
    await tick(100);
    expect(idle.state.text).toMatch(/^HTTP\/1\.1 200/);
    expect(drain.inFlight()).toBe(1);

    drain.start();
    const closed = app.close();
    await tick(50);
    expect(idle.state.closed).toBe(true);
    expect(busy.state.closed).toBe(false);
    busy.socket.write(':1}');
    await closed;
    for (let waited = 0; !busy.state.closed && waited < 2000; waited += 10) await tick();
    expect(busy.state.closed).toBe(true);
    expect(busy.state.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(busy.state.text.toLowerCase()).toContain('connection: close');
    expect(busy.state.text).toMatch(/\{"a":1\}$/);
    expect(drain.inFlight()).toBe(0);
  });
});
