import type { FieldErrors } from "./field-errors";

/**
 * What every form action answers, admin and public: good news or not, what to tell, and what was
 * wrong with each field. Each action's reply type extends it, so the toast hook and the forms read
 * one shape.
 */
export interface ActionReply {
  ok: boolean;
  message?: string;
  fieldErrors?: FieldErrors;
  /**
   * After a change that went through, what the admin still has to do about it ("please contact
   * that client"): shown in a toast of its own that stays until it is closed.
   */
  notice?: string;
}

/** The reply of one form among several posting to the same action: which form (its `intent`) and a message. */
export interface IntentReply extends ActionReply {
  intent: string;
  message: string;
}
