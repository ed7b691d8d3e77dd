import type { SubmissionStatus } from "~/lib/submissions";

/** A submission as the inbox list shows it: values already formatted by the loader (US style). */
export interface InboxCard {
  id: number;
  formType: string;
  name: string;
  email: string;
  phone: string | null;
  service: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  message: string | null;
  /** A suite application's business and wanted suites. */
  summary: string | null;
  status: SubmissionStatus;
  createdAt: string;
  createdLabel: string;
}
