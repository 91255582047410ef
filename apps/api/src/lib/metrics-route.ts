import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { httpRequestDuration, metricsRegistry } from './metrics.ts';

/**
 * GET /metrics in Prometheus' text format, for the configured addresses (METRICS_ALLOW) or a
 * bearer token (METRICS_TOKEN). Other callers get 404, as if there were no such page; a wrong
 * token gets 403. Also times every request by its route pattern.
 */
export function registerMetrics(app: FastifyInstance, access: Config['metrics']) {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs (scans, typos) share one label, so they cannot grow the series without end.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const allowed = new BlockList();
  for (const range of access.allow) allowed.addSubnet(range.address, range.prefix, range.family);
  const expectedToken = access.token ? Buffer.from(`Bearer ${access.token}`) : null;

  app.get('/metrics', async (request, reply) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined && expectedToken) {
      const given = Buffer.from(authorization);
      const matches = given.length === expectedToken.length && timingSafeEqual(given, expectedToken);
      if (!matches) return reply.code(403).send({ message: 'Wrong metrics token.', code: 'FORBIDDEN' });
    } else if (!isAllowed(allowed, request.ip)) {
      return reply.code(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
    }
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}

function isAllowed(allowed: BlockList, ip: string): boolean {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return isIPv4(mapped) ? allowed.check(mapped, 'ipv4') : allowed.check(ip, 'ipv6');
}
