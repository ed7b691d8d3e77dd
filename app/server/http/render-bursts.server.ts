import { Transform, type TransformCallback } from "node:stream";

/**
 * React's HTML, passed on one piece per burst of rendering instead of one per 4 KB view. React
 * writes a page in pieces of at most 4 KB and calls `flush()` when it stops writing for a while
 * (the shell is out, a boundary is done); each piece went on alone through the web stream, the
 * response, compression and the socket, which cost more than the rendering of a large admin page
 * (the calendar's week: about 90 of them). The bytes and the points where the page reaches the
 * browser are the same; only a burst's pieces travel together.
 */
export class RenderBursts extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    done();
  }

  /** Called by React at the end of each burst (as it would a compression stream's). */
  flush() {
    if (this.held.length === 0) return;
    const burst = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    this.heldBytes = 0;
    this.push(burst);
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
