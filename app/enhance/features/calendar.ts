/**
 * [data-calendar]: an inline month calendar over the native date input of a booking form. The
 * week starts on Sunday, days before data-min (today, in the salon's time zone) are disabled, and
 * it is fully keyboard operable (arrows, Page Up/Down, Home/End, Enter). Without JavaScript the
 * native date input does the job. Also keeps the booking form's submit button disabled until the
 * terms are agreed and a date is chosen (form[data-booking]).
 */
const WEEKDAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

interface Day {
  y: number;
  m: number; // 0-based
  d: number;
}

const iso = ({ y, m, d }: Day) => `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const parse = (value: string): Day | null => {
  const match = value.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return match ? { y: Number(match[1]), m: Number(match[2]) - 1, d: Number(match[3]) } : null;
};
const fromDate = (date: Date): Day => ({ y: date.getUTCFullYear(), m: date.getUTCMonth(), d: date.getUTCDate() });
const toDate = ({ y, m, d }: Day) => new Date(Date.UTC(y, m, d));
const addDays = (day: Day, n: number) => fromDate(new Date(toDate(day).getTime() + n * 86_400_000));
const addMonths = (day: Day, n: number): Day => {
  const first = new Date(Date.UTC(day.y, day.m + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { y: first.getUTCFullYear(), m: first.getUTCMonth(), d: Math.min(day.d, last) };
};
export const formatUsDate = (day: Day) =>
  `${WEEKDAY_NAMES[toDate(day).getUTCDay()]}, ${MONTHS[day.m]} ${day.d}, ${day.y}`;

export function init(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-calendar]")) setUp(root);
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-booking]")) guardSubmit(form);
}

function setUp(root: HTMLElement) {
  const found = root.querySelector<HTMLInputElement>('input[type="date"]');
  if (!found) return;
  const input: HTMLInputElement = found;
  const min = parse(input.min) ?? fromDate(new Date());
  const max = parse(input.max);
  let selected: Day | null = parse(input.value);
  let focused: Day = selected ?? min;
  let month: Day = { ...focused, d: 1 };

  const wrapper = document.createElement("div");
  wrapper.className = "calendar";
  wrapper.setAttribute("role", "group");
  wrapper.setAttribute("aria-label", "Choose a preferred date");
  const header = document.createElement("div");
  header.className = "calendar-header";
  const prev = button("calendar-nav", "Previous month", "‹");
  const next = button("calendar-nav", "Next month", "›");
  const title = document.createElement("p");
  title.className = "calendar-title";
  title.setAttribute("aria-live", "polite");
  header.append(prev, title, next);
  const grid = document.createElement("table");
  grid.className = "calendar-grid";
  grid.setAttribute("role", "grid");
  const summary = document.createElement("p");
  summary.className = "calendar-summary";
  summary.setAttribute("aria-live", "polite");
  wrapper.append(header, grid, summary);
  input.after(wrapper);
  // The native input stays in the form as the value holder, out of sight and out of the tab order.
  input.classList.add("calendar-source");
  input.tabIndex = -1;
  input.setAttribute("aria-hidden", "true");
  // Its label (a click) and the form's error handling (focus on the first invalid field) still
  // aim at the input: hand that focus on to the calendar's current day.
  input.addEventListener("focus", () => grid.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus());

  const before = (a: Day, b: Day) => iso(a) < iso(b);
  const disabled = (day: Day) => before(day, min) || (max !== null && before(max, day));

  function render(focus = false) {
    title.textContent = `${MONTHS[month.m]} ${month.y}`;
    prev.disabled = !before({ y: min.y, m: min.m, d: 1 }, { ...month, d: 1 });
    next.disabled = max !== null && !before({ ...month, d: 1 }, { y: max.y, m: max.m, d: 1 });
    const firstWeekday = toDate(month).getUTCDay();
    let day = addDays(month, -firstWeekday);
    const head = `<thead><tr>${WEEKDAYS.map((w, i) => `<th scope="col" abbr="${WEEKDAY_NAMES[i]}">${w}</th>`).join("")}</tr></thead>`;
    const rows: string[] = [];
    for (let week = 0; week < 6; week++) {
      const cells: string[] = [];
      for (let i = 0; i < 7; i++) {
        const outside = day.m !== month.m;
        const value = iso(day);
        const attrs = [
          `data-date="${value}"`,
          `aria-label="${formatUsDate(day)}"`,
          `tabindex="${value === iso(focused) ? 0 : -1}"`,
          disabled(day) ? "disabled" : "",
          selected && value === iso(selected) ? 'aria-pressed="true"' : 'aria-pressed="false"',
          outside ? 'data-outside="true"' : "",
        ].join(" ");
        cells.push(`<td role="gridcell"><button type="button" class="calendar-day" ${attrs}>${day.d}</button></td>`);
        day = addDays(day, 1);
      }
      rows.push(`<tr>${cells.join("")}</tr>`);
      if (day.m !== month.m && week >= 3) break;
    }
    grid.innerHTML = `${head}<tbody>${rows.join("")}</tbody>`;
    summary.textContent = selected ? `Selected: ${formatUsDate(selected)}` : "No date selected";
    if (focus) grid.querySelector<HTMLButtonElement>(`[data-date="${iso(focused)}"]`)?.focus();
  }

  function moveFocus(day: Day) {
    if (before(day, min)) day = min;
    if (max && before(max, day)) day = max;
    focused = day;
    month = { ...day, d: 1 };
    render(true);
  }

  function select(day: Day) {
    if (disabled(day)) return;
    selected = day;
    focused = day;
    input.value = iso(day);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    month = { ...day, d: 1 };
    render(true);
  }

  prev.addEventListener("click", () => {
    month = addMonths(month, -1);
    focused = before(month, min) ? min : month;
    render();
  });
  next.addEventListener("click", () => {
    month = addMonths(month, 1);
    focused = month;
    render();
  });
  grid.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-date]");
    if (target && !target.disabled) select(parse(target.dataset.date!)!);
  });
  grid.addEventListener("keydown", (event) => {
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, -toDate(focused).getUTCDay()),
      End: () => addDays(focused, 6 - toDate(focused).getUTCDay()),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveFocus(move());
    }
  });
  input.form?.addEventListener("form:reset", () => {
    selected = null;
    focused = min;
    month = { ...min, d: 1 };
    render();
  });
  render();
}

function button(className: string, label: string, text: string) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.setAttribute("aria-label", label);
  b.textContent = text;
  return b;
}

/** Submit stays disabled until the terms are agreed and a date is chosen (the server checks both too). */
function guardSubmit(form: HTMLFormElement) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const terms = form.querySelector<HTMLInputElement>('input[name="agreeToTerms"]');
  const date = form.querySelector<HTMLInputElement>('input[name="preferredDate"]');
  if (!submit || !terms || !date) return;
  const update = () => {
    if (form.dataset.busy) return;
    submit.disabled = !terms.checked || !date.value;
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("form:reset", () => setTimeout(update));
  form.addEventListener("form:idle", update);
  update();
}
