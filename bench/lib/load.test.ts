import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combined, measureTogether } from './load.mjs';

/** A server on 127.0.0.1 answering every request with `status`, counting what it answered. */
async function countingServer(status: number) {
  const served = { count: 0 };
  const server = http.createServer((_req, res) => {
    served.count += 1;
    res.writeHead(status, { 'content-type': 'text/plain' }).end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, served, url: `http://127.0.0.1:${port}/` };
}

describe('measureTogether', () => {
  let healthy: Awaited<ReturnType<typeof countingServer>>;
  let failing: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    healthy = await countingServer(200);
    failing = await countingServer(503);
  });
  afterAll(async () => {
    for (const { server } of [healthy, failing]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('spreads the connections over the cases, gives each its own figures, and combines them', async () => {
    const results = await measureTogether(
      [
        { name: 'healthy', url: healthy.url },
        { name: 'failing', url: failing.url },
      ],
      { connections: 3, durationS: 1, warmupS: 0 },
    );
    const [ok, bad] = results;
    if (!ok || !bad) throw new Error('a result is missing');

    expect(ok.connections).toBe(2);
    expect(bad.connections).toBe(1);
    expect(ok.requests).toBeGreaterThan(0);
    expect(ok.non2xx).toBe(0);
    expect(ok.ok).toBe(true);
    // Each server answered its own run (the drain request after it included), and only that.
    expect(healthy.served.count).toBeGreaterThan(ok.requests);
    expect(bad.requests).toBeGreaterThan(0);
    expect(bad.non2xx).toBe(bad.requests);
    expect(bad.statusCodes['503']).toBe(bad.requests);
    expect(bad.ok).toBe(false);
    expect(bad.problems.join('\n')).toContain('answered 503 after the run');
    expect(failing.served.count).toBeGreaterThan(bad.requests);

    const both = combined('both', results);
    expect(both.connections).toBe(3);
    expect(both.requests).toBe(ok.requests + bad.requests);
    expect(both.requestsPerSecond).toBeCloseTo(ok.requestsPerSecond + bad.requestsPerSecond, 1);
    expect(both.non2xx).toBe(bad.non2xx);
    expect(both.latencyMs.p99).toBe(Math.max(ok.latencyMs.p99, bad.latencyMs.p99));
    expect(both.latencyMs.p50).toBe(Math.max(ok.latencyMs.p50, bad.latencyMs.p50));
    expect(both.ok).toBe(false);
    expect(both.problems.every((p) => p.startsWith('failing: '))).toBe(true);
    expect(both.drainMs).toBeNull();
  });

  it('refuses fewer connections than cases', async () => {
    await expect(
      measureTogether(
        [
          { name: 'a', url: healthy.url },
          { name: 'b', url: failing.url },
        ],
        { connections: 1, durationS: 1, warmupS: 0 },
      ),
    ).rejects.toThrow('1 connections cannot be spread over 2 cases');
  });
});
