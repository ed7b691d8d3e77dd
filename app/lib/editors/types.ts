import type { ContentIssues } from "~/lib/content-issues";
import type { PageId } from "~/lib/content-rules";
import type { ActionReply } from "~/lib/forms/action-reply";
import type { SeoText } from "~/lib/seo";

/**
 * What an editor field edits and how it is checked. The generic editor renders a field by its kind;
 * the same definition drives the server's validation, so screen and server cannot disagree.
 */
export type FieldKind =
  | "text" // one line
  | "textarea" // paragraphs
  | "html" // the one rich field (ceo_badge_label), sanitized by ContentService
  | "image" // a site path (/images/…, /media/…) or an https:// URL
  | "phone"
  | "email"
  | "map-url" // an https:// embed link from an allowed map host
  | "options"; // a list of strings, stored as JSON text

export interface FieldDef {
  /** The merged content key (home: "section.key"). */
  key: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  /** Characters allowed (per option for "options"); a default by kind otherwise. */
  max?: number;
  required?: boolean;
  /** A shape the trimmed value must have (an empty optional value is not checked). */
  pattern?: { regex: RegExp; message: string };
  rows?: number;
  /** Shows a live character count under the field. */
  counter?: boolean;
  /** image: the key of its alt text, edited beside the image. */
  altKey?: string;
  altLabel?: string;
  /** Takes one column of a two-column grid on wide screens. */
  half?: boolean;
  /**
   * options: each option also has a length and a price (a service that books online); these are
   * what an option without its own takes.
   */
  optionDefaults?: { durationMinutes: number; price: string };
}

export interface FieldGroup {
  title: string;
  description?: string;
  fields: FieldDef[];
}

/** A piece of an editor panel: fields, or one of the few non-field blocks (hero slide count, a link). */
export type PanelBlock =
  | { kind: "fields"; group: FieldGroup }
  | { kind: "hero-slides" }
  | { kind: "seo-preview" }
  | { kind: "link"; title: string; text: string; to: string; label: string };

export interface EditorPanel {
  id: string;
  label: string;
  blocks: PanelBlock[];
}

export interface EditorDef {
  page: PageId;
  /** The heading of the editor screen, e.g. "Edit About Us". */
  title: string;
  description: string;
  publicPath: string;
  /** Other public pages that show this content (e.g. the /book/{type} page of a service). */
  alsoShownOn?: string[];
  /** "tabs": panels are tabs; "sections": panels are stacked cards. */
  layout: "tabs" | "sections";
  panels: EditorPanel[];
  /** The success toast; the home page words it per section saved. */
  success: string | { bySection: Record<string, string>; fallback: string };
  /** The home editor toasts a load failure; the others only log it and show their defaults. */
  toastLoadError?: boolean;
}

/** save: the form becomes the draft; publish: the form goes live; discard, restore: of the draft, of a version. */
export type EditorIntent = "save" | "publish" | "discard" | "restore";

export type EditorReply = ActionReply &
  (
    | { intent: EditorIntent; ok: true; messages: string[] }
    | { intent: "reset"; ok: true; key: string; message: string }
    | { intent: EditorIntent | "reset"; ok: false; message: string }
  );

/** The page's unpublished draft, as the editor shows it. */
export interface EditorDraft {
  savedAt: string;
  /** The e-mail of who saved it last, or null when that account is gone. */
  savedBy: string | null;
  /** The public page with the draft applied: a signed link that lapses (app/server/content/preview-link.server.ts). */
  previewPath: string;
}

export interface EditorData {
  /** The value each field shows: the stored override, else the default. */
  values: Record<string, string>;
  /** The keys that have an override (they offer 'Reset to default'). */
  overridden: string[];
  defaults: Record<string, string>;
  loadFailed: boolean;
  /** Keys showing their default because the saved value cannot be shown (the editor says so). */
  issues: ContentIssues;
  /** The draft the values come from, or null: the values are the published ones. */
  draft: EditorDraft | null;
  /** The page's publishes, newest first. */
  versions: VersionSummary[];
  /** The salon's time zone, for the times of the draft and the versions. */
  timeZone: string;
  /** What the page's head says where the SEO fields are empty, and the site's origin (for the previews). */
  seo: { generated: SeoText; publicUrl: string; businessName: string };
}

/** What one publish changed in one field, as the history lists it. */
export interface FieldChange {
  key: string;
  label: string;
  from: string;
  to: string;
}

/** One publish of a page, as the editor's history shows it. */
export interface VersionSummary {
  id: number;
  publishedAt: string;
  /** The e-mail of who published, or null when that account is gone. */
  publishedBy: string | null;
  changes: FieldChange[];
}
