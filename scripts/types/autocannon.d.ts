/** The part of autocannon's API the load script uses (the package ships no types). */
declare module "autocannon" {
  interface RequestParams {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    amount?: number;
    timeout?: number;
    requests?: (RequestParams & { setupRequest?: (request: RequestParams) => RequestParams })[];
  }
  interface Histogram {
    p50: number;
    p99: number;
    sent: number;
  }
  interface Result {
    "2xx": number;
    non2xx: number;
    errors: number;
    timeouts: number;
    requests: Histogram;
    latency: Histogram;
  }
  /** The run: awaited, it gives the result; it also reports each response as it comes. */
  interface Instance extends PromiseLike<Result> {
    on(event: "response", listener: () => void): Instance;
  }
  export default function autocannon(options: Options): Instance;
}
