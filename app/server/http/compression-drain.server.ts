import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

/**
 * `compression` hands a response's "drain" listeners to its zlib stream but removes them only
 * from the response. React Router waits for "drain" with once/off on every full write buffer, so a
 * large page to a slow reader piled listeners onto the stream (MaxListenersExceededWarning) until
 * the response ended. Installed right after compression: removals reach the stream too.
 */
export function drainListenersFollowCompression() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const on = res.on;
    const removeListener = res.removeListener;
    const streams = new Set<EventEmitter>();
    res.on = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
      const result: unknown = on.call(this, type, listener);
      if (type === "drain" && result !== this && result instanceof EventEmitter) streams.add(result);
      return this;
    } as Response["on"];
    res.addListener = res.on;
    res.removeListener = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
      removeListener.call(this, type, listener);
      if (type === "drain") for (const stream of streams) stream.removeListener(type, listener);
      return this;
    } as Response["removeListener"];
    res.off = res.removeListener;
    next();
  };
}
