/**
 * The four kinds of rental space on /suites (id, name, size description, features, available
 * flag). An unavailable one shows the occupied badge; none is by default.
 */
export interface SuiteType {
  id: string;
  /** One of SUITE_SIZES: the application's "suite sizes" choice has the same name. */
  name: string;
  size: string;
  features: string[];
  available: boolean;
}

export const SUITE_TYPES: SuiteType[] = [
  {
    id: "small",
    name: "Small Suites",
    size: "About 120 sq ft — a private studio for one professional",
    features: [
      "Lockable door with your name on it",
      "Styling chair or treatment bed",
      "Backlit mirror and storage",
      "Dedicated Wi-Fi and utilities",
    ],
    available: true,
  },
  {
    id: "large",
    name: "Large Suites / Duos",
    size: "About 200 sq ft — room for two chairs or a shared studio",
    features: [
      "Space for two professionals",
      "Two stations or a station and a bed",
      "Shampoo bowl on request",
      "Window light and extra storage",
    ],
    available: true,
  },
  {
    id: "station",
    name: "Hair Stations",
    size: "An open-concept station on our salon floor",
    features: [
      "Hydraulic chair and mirror",
      "Shared shampoo bowls and dryers",
      "Weekly rent, no long lease",
      "Front desk welcome for your clients",
    ],
    available: true,
  },
  {
    id: "daily",
    name: "Daily Rentals",
    size: "A fully equipped suite, booked by the day",
    features: [
      "Book only the days you need",
      "Everything set up and cleaned",
      "Ideal for traveling artists",
      "Try us before you move in",
    ],
    available: true,
  },
];
