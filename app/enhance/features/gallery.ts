/**
 * [data-gallery]: thumbnails ([data-gallery-item] links to the full image, which is all there is
 * without JavaScript) open a full-size viewer in a modal <dialog>: previous/next wrap at both
 * ends, Left/Right arrows (and a swipe on touch screens) move, Escape closes, the counter reads
 * "n of N", focus stays inside while it is open and returns to the thumbnail afterwards.
 */
export function init(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-gallery]")) setUp(root);
}

function setUp(root: HTMLElement) {
  const items = [...root.querySelectorAll<HTMLAnchorElement>("a[data-gallery-item]")];
  if (!items.length) return;
  const dialog = document.createElement("dialog");
  dialog.className = "gallery-viewer";
  dialog.setAttribute("aria-label", root.dataset.galleryLabel ?? "Image viewer");
  dialog.innerHTML = `
    <figure class="gallery-figure">
      <img class="gallery-image" alt="" />
      <figcaption class="gallery-caption"><span data-caption></span><span class="gallery-counter" data-counter aria-live="polite"></span></figcaption>
    </figure>
    <button type="button" class="gallery-button gallery-prev" data-prev aria-label="Previous image">‹</button>
    <button type="button" class="gallery-button gallery-next" data-next aria-label="Next image">›</button>
    <button type="button" class="gallery-button gallery-close" data-close aria-label="Close viewer">×</button>`;
  document.body.append(dialog);
  const image = dialog.querySelector<HTMLImageElement>(".gallery-image")!;
  const caption = dialog.querySelector<HTMLElement>("[data-caption]")!;
  const counter = dialog.querySelector<HTMLElement>("[data-counter]")!;
  let index = 0;
  let opener: HTMLElement | null = null;

  const show = (i: number) => {
    index = (i + items.length) % items.length;
    const item = items[index];
    image.src = item.href;
    image.alt = item.dataset.alt ?? item.querySelector("img")?.alt ?? "";
    caption.textContent = image.alt;
    counter.textContent = `${index + 1} of ${items.length}`;
  };

  items.forEach((item, i) =>
    item.addEventListener("click", (event) => {
      event.preventDefault();
      opener = item;
      show(i);
      dialog.showModal();
      // The page behind stays put while the viewer is open.
      document.documentElement.style.overflow = "hidden";
      dialog.querySelector<HTMLButtonElement>("[data-next]")?.focus();
    }),
  );
  // A horizontal swipe on a touch screen moves like the arrows do.
  let swipeX: number | null = null;
  let swiped = false;
  dialog.addEventListener("pointerdown", (event) => {
    swiped = false;
    if (event.pointerType !== "mouse") swipeX = event.clientX;
  });
  dialog.addEventListener("pointerup", (event) => {
    if (swipeX === null) return;
    const dx = event.clientX - swipeX;
    swipeX = null;
    if (Math.abs(dx) > 50) {
      swiped = true;
      show(index + (dx < 0 ? 1 : -1));
    }
  });
  dialog.querySelector("[data-prev]")!.addEventListener("click", () => show(index - 1));
  dialog.querySelector("[data-next]")!.addEventListener("click", () => show(index + 1));
  dialog.querySelector("[data-close]")!.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === "Tab") {
      // Keep Tab inside the viewer (a modal dialog would otherwise let it reach the browser UI).
      const focusables = [...dialog.querySelectorAll<HTMLButtonElement>("button")];
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  // A click on the backdrop (outside the figure and buttons) closes the viewer.
  dialog.addEventListener("click", (event) => {
    // The click that ends a swipe is not a click on the backdrop.
    if (swiped) swiped = false;
    else if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    document.documentElement.style.overflow = "";
    // The close event comes a moment after the dialog closed: if the focus has moved on by then
    // (the browser gave it back, or the visitor went elsewhere), leave it where it is.
    const active = document.activeElement;
    if (!active || active === document.body || dialog.contains(active)) opener?.focus();
  });
}
