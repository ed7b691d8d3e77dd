import { Moon, Sun, SunMoon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { Theme } from "~/lib/theme";
import { cn } from "~/lib/utils";

/**
 * Light/dark switch: a real form. Without JavaScript it posts the opposite theme to /theme, which
 * sets the cookie and redirects back to `returnTo`; the server then renders that theme (no flash).
 * With JavaScript (app/enhance/theme-toggle.ts, `form[data-theme-toggle]`) the class on <html>
 * flips at once, the cookie is saved in the background, and the script keeps the button's value,
 * label and `data-current` in step.
 *
 * When the cookie says "system" the server cannot know the visitor's scheme: it assumes light for
 * the button's value and shows a neutral icon until the script has set `data-current`.
 */
export function ThemeToggle({ theme, returnTo, className }: { theme: Theme; returnTo: string; className?: string }) {
  const next = theme === "dark" ? "light" : "dark";
  const icon = "hidden size-[1.15rem]";
  return (
    <form method="post" action="/theme" data-theme-toggle className={cn("flex", className)}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        name="theme"
        value={next}
        aria-label={`Switch to ${next} theme`}
        data-current={theme === "system" ? undefined : theme}
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "group/theme rounded-full")}
      >
        <Moon aria-hidden strokeWidth={1.5} className={cn(icon, "group-data-[current=light]/theme:block")} />
        <Sun aria-hidden strokeWidth={1.5} className={cn(icon, "group-data-[current=dark]/theme:block")} />
        <SunMoon aria-hidden strokeWidth={1.5} className={cn(icon, "block group-data-current/theme:hidden")} />
      </button>
    </form>
  );
}
