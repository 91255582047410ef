import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry: everything GET /metrics shows. Other parts of the API add
 * their own metrics here through `registerGauge` (the job queue's depth and failures, for example)
 * instead of keeping a registry of their own.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Request count and latency; the route is the pattern (`/api/designs/:id`), never the raw URL. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** One STL preview render (rasterising in a worker and encoding), by outcome. */
export const previewRenderDuration = new Histogram({
  name: 'preview_render_duration_seconds',
  help: 'STL preview renders and how long they took',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [metricsRegistry],
});

export type GaugeReading = { labels?: Record<string, string>; value: number };

/**
 * A gauge whose values are read when Prometheus scrapes, e.g. a queue's depth by job kind:
 * `registerGauge('jobs_queued', 'Jobs waiting, by kind', ['kind'], async () => [...])`. Registering
 * a name again replaces the earlier gauge (a test process builds the app many times).
 */
export function registerGauge(
  name: string,
  help: string,
  labelNames: string[],
  read: () => GaugeReading[] | Promise<GaugeReading[]>,
): Gauge {
  metricsRegistry.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const { labels, value } of await read()) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });
}

/** What a connection pool reports (pg.Pool has these). */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number; ended?: boolean };

const pools = new Set<PoolCounts>();
const poolSum = (count: (pool: PoolCounts) => number) => () => {
  for (const pool of pools) if (pool.ended) pools.delete(pool);
  return [{ value: [...pools].reduce((sum, pool) => sum + count(pool), 0) }];
};
registerGauge(
  'db_pool_connections',
  'Open PostgreSQL connections',
  [],
  poolSum((p) => p.totalCount),
);
registerGauge(
  'db_pool_idle_connections',
  'Idle PostgreSQL connections',
  [],
  poolSum((p) => p.idleCount),
);
registerGauge(
  'db_pool_waiting_requests',
  'Queries waiting for a PostgreSQL connection',
  [],
  poolSum((p) => p.waitingCount),
);

/** Counts `pool` in the db_pool_* gauges until it ends. */
export function watchPool(pool: PoolCounts): void {
  pools.add(pool);
}
