// Server-Timing headers: how long each phase of a request took inside the application (body,
// auth, handler; `app` is the total). Clients, benchmarks and browser dev tools read it; it
// separates our time from the network's and the client's.
export class RequestTimer {
  private readonly start = performance.now();
  private last = this.start;
  private readonly phases: [string, number][] = [];

  /** Ends the current phase under `name`. */
  mark(name: string): void {
    const now = performance.now();
    this.phases.push([name, now - this.last]);
    this.last = now;
  }

  /** Adds the header to `response` (copied when its headers are immutable). */
  apply(response: Response): Response {
    const total = performance.now() - this.start;
    const value = [...this.phases, ["app", total] as [string, number]].map(([n, d]) => `${n};dur=${d.toFixed(2)}`).join(", ");
    try {
      response.headers.append("Server-Timing", value);
      return response;
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.append("Server-Timing", value);
      return copy;
    }
  }
}
