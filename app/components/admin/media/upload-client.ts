import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, type LibraryImage, type LibraryPage } from "~/lib/media";

export type UploadResult = { ok: true; image: LibraryImage } | { ok: false; error: string };

/**
 * Posts one file to /admin/media/upload with XMLHttpRequest, whose upload events give real
 * progress (fetch has none). The server validates again; the size check here only spares a
 * pointless transfer.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) {
    return Promise.resolve({
      ok: false,
      error: `"${file.name}" is larger than ${MAX_UPLOAD_LABEL}. Please upload a smaller image.`,
    });
  }
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/media/upload");
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as { ok?: boolean; image?: LibraryImage; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.ok && body.image) {
        onProgress(1);
        resolve({ ok: true, image: body.image });
      } else {
        resolve({ ok: false, error: body?.error ?? `The upload failed (HTTP ${xhr.status}). Please try again.` });
      }
    });
    xhr.addEventListener("error", () =>
      resolve({ ok: false, error: "The upload failed: the connection was lost. Please try again." }),
    );
    xhr.addEventListener("abort", () => resolve({ ok: false, error: "Upload cancelled." }));
    signal?.addEventListener("abort", () => xhr.abort());
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}

/** A page of the library as the picker shows it, searched by file name and alt text. */
export async function fetchLibrary(query: { q: string; page: number }, signal?: AbortSignal): Promise<LibraryPage> {
  const params = new URLSearchParams({ list: "1", q: query.q, page: String(query.page) });
  const response = await fetch(`/admin/media/upload?${params}`, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as LibraryPage;
}
