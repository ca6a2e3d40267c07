// autocannon ships no types; this declares the small part of its API the benchmark uses.
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    warmup?: { connections?: number; duration?: number };
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
