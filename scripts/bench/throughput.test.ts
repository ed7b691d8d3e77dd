import { describe, expect, it } from "vitest";
import { parseWrk, wrkMillis } from "./throughput";

/** What Debian's wrk 4.1 prints with --latency (one run against the home page, shortened). */
const OUTPUT = `Running 10s test @ http://127.0.0.1:3571/
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.10ms    8.57ms 185.75ms   98.33%
    Req/Sec     4.85k   612.00     5.90k    71.00%
  Latency Distribution
     50%  812.00us
     75%    2.11ms
     90%    6.30ms
     99%    1.02s
  96540 requests in 10.02s, 0.97GB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 4
Requests/sec:   9635.74
Transfer/sec:     98.80MB
`;

describe("reading wrk's output", () => {
  it("takes requests, the rate, the median and the 99th percentile in ms, and counts every error", () => {
    expect(parseWrk(OUTPUT)).toEqual({ requests: 96540, requestsPerSecond: 9635.74, p50: 0.812, p99: 1020, errors: 9 });
  });

  it("reads each unit wrk prints a time in", () => {
    expect(wrkMillis("812.00us")).toBeCloseTo(0.812);
    expect(wrkMillis("2.11ms")).toBe(2.11);
    expect(wrkMillis("1.02s")).toBe(1020);
    expect(wrkMillis("1.50m")).toBe(90_000);
    expect(wrkMillis("")).toBeNaN();
  });

  it("a clean run has no errors", () => {
    const clean = OUTPUT.replace(/ {2}Socket errors.*\n/, "").replace(/ {2}Non-2xx.*\n/, "");
    expect(parseWrk(clean).errors).toBe(0);
  });
});
