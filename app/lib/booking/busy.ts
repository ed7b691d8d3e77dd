/** A stretch of time a resource cannot take anyone, in epoch milliseconds: [start, end). */
export interface Busy {
  resourceId: string;
  start: number;
  end: number;
  /** True for appointments (the buffer follows them); false for time off and blocked time. */
  appointment: boolean;
}
