/**
 * form[data-theme-toggle]: without JavaScript it posts to /theme and comes back; with it, the theme
 * flips at once and the cookie is saved in the background. "system" resolves through the media query.
 */
export function initThemeToggle(): void {
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const current = (): "light" | "dark" => {
    const cls = document.documentElement.classList;
    if (cls.contains("dark")) return "dark";
    if (cls.contains("light")) return "light";
    return media.matches ? "dark" : "light";
  };
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-theme-toggle]")) {
    const button = form.querySelector<HTMLButtonElement>("button");
    const sync = () => {
      const next = current() === "dark" ? "light" : "dark";
      if (button) {
        button.value = next;
        button.setAttribute("aria-label", `Switch to ${next} theme`);
        button.dataset.current = current();
      }
    };
    sync();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const next = current() === "dark" ? "light" : "dark";
      const root = document.documentElement;
      root.classList.remove("light", "dark");
      root.classList.add(next);
      root.dataset.theme = next;
      document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", next);
      sync();
      const body = new FormData();
      body.set("theme", next);
      void fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } });
    });
  }
}
