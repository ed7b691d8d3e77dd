/** A service the staff's booking forms offer, with its options. */
export interface ServiceChoice {
  id: string;
  title: string;
  options: { name: string; durationMinutes: number; price: string }[];
}

/** A person the staff's booking forms offer, with the services they do. */
export interface StaffChoice {
  id: number;
  name: string;
  services: string[];
}
