import fs from "node:fs/promises";

/**
 * Group commit for the server's SQLite connection, which runs with synchronous=NORMAL: a commit
 * writes its pages into the write-ahead log without waiting for the disk, and whoever made it waits
 * for `flush()` (an fdatasync of the log on libuv's thread pool) before going on, so nothing is
 * answered as stored before it is on the disk. Every commit made while one flush runs shares the
 * next one, so one disk sync serves many writers, and the server's one JavaScript thread never
 * waits on the disk (with synchronous=FULL each commit stopped it for the length of a sync).
 *
 * The log is written in order, so a flush makes durable every commit written before it began.
 * With NORMAL, SQLite itself still syncs the log before a checkpoint copies it into the database,
 * the database after, and the log's header when the log is begun again.
 */
export class WalFlusher {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly walFile: string,
    /** How the file is made durable (a test counts the calls). */
    private readonly syncFile: (file: string) => Promise<void> = datasync,
  ) {}

  /** Resolves once every commit made before this call is on the disk. */
  flush(): Promise<void> {
    if (!this.running) {
      this.running = this.syncFile(this.walFile).finally(() => (this.running = null));
      return this.running;
    }
    // The sync under way may have begun before this commit was written: the next one covers it.
    this.next ??= this.running.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  private startNext(): Promise<void> {
    this.next = null;
    return this.flush();
  }
}

/** fdatasync of a file; a file that is not there holds nothing to make durable (no log yet). */
async function datasync(path: string): Promise<void> {
  let file: fs.FileHandle;
  try {
    file = await fs.open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}
