import { useCallback, useEffect, useRef, useState } from "react";
import type { LibraryImage } from "~/lib/media";
import { uploadImage } from "./upload-client";

export interface UploadItem {
  key: string;
  name: string;
  /** 0..1 */
  progress: number;
  status: "queued" | "uploading" | "done" | "error";
  error?: string;
  image?: LibraryImage;
}

/** A few at a time: enough to keep the line busy without starving the server's image encoder. */
const PARALLEL = 3;

/**
 * Uploads files with progress per file. `onUploaded` runs for each stored image, `onSettled` once
 * a batch has finished (successes and failures alike).
 */
export function useUploads(
  options: { onUploaded?: (image: LibraryImage) => void; onSettled?: (items: UploadItem[]) => void } = {},
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const counter = useRef(0);

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const upload = useCallback(
    async (files: File[]) => {
      const batch = files.map((file) => ({ file, key: `u${++counter.current}` }));
      if (!batch.length) return [];
      setItems((current) => [
        ...current.filter((item) => item.status === "uploading" || item.status === "queued"),
        ...batch.map(({ file, key }) => ({ key, name: file.name, progress: 0, status: "queued" as const })),
      ]);
      const results: UploadItem[] = [];
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const { file, key } = batch[next++];
          update(key, { status: "uploading" });
          const result = await uploadImage(file, (progress) => update(key, { progress }));
          const done: UploadItem = result.ok
            ? { key, name: file.name, progress: 1, status: "done", image: result.image }
            : { key, name: file.name, progress: 0, status: "error", error: result.error };
          update(key, done);
          results.push(done);
          if (result.ok) latest.current.onUploaded?.(result.image);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
      latest.current.onSettled?.(results);
      return results;
    },
    [update],
  );

  const dismiss = useCallback((key: string) => setItems((current) => current.filter((item) => item.key !== key)), []);
  const busy = items.some((item) => item.status === "uploading" || item.status === "queued");
  return { items, upload, dismiss, busy };
}
