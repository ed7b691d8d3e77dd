/**
 * details[data-menu] disclosures (the Services dropdown, the mobile menu): they work without
 * JavaScript; with it, the summary's aria-expanded follows the menu, Escape and a click outside
 * close them, choosing a link closes them, and opening one closes the others.
 */
export function initMenus(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>("details[data-menu]")];
  if (!menus.length) return;
  const close = (menu: HTMLDetailsElement, focusSummary = false) => {
    if (!menu.open) return;
    menu.open = false;
    if (focusSummary) menu.querySelector<HTMLElement>("summary")?.focus();
  };
  for (const menu of menus) {
    const sync = () => menu.querySelector("summary")?.setAttribute("aria-expanded", String(menu.open));
    // A menu opened before the script ran (a quick tap) is in step from the start.
    sync();
    menu.addEventListener("toggle", () => {
      sync();
      if (menu.open) for (const other of menus) if (other !== menu && !other.contains(menu)) close(other);
    });
    menu.addEventListener("click", (event) => {
      if ((event.target as HTMLElement).closest("a")) close(menu);
    });
    menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && menu.open) {
        event.stopPropagation();
        close(menu, true);
      }
    });
  }
  document.addEventListener("click", (event) => {
    for (const menu of menus) if (!menu.contains(event.target as Node)) close(menu);
  });
}
