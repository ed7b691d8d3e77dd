/**
 * The chip look of one free time, shared by the server-rendered choices and the booking page's
 * script, which renders the times it fetches the same way.
 */
export const TIME_CHIP_CLASS =
  "relative flex h-11 cursor-pointer items-center justify-center border border-border text-sm transition-colors has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring";
