import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_auth_throttle_settings";
import * as m0003 from "./0003_mail_html_kind";
import * as m0004 from "./0004_rate_limits";
import * as m0005 from "./0005_totp_last_step";
import * as m0006 from "./0006_mail_body_at_send";
import * as m0007 from "./0007_site_photos_in_library";
import * as m0008 from "./0008_bookings";
import * as m0009 from "./0009_booking_calendar";
import * as m0010 from "./0010_booking_sequence_notices";
import * as m0011 from "./0011_booking_client_limits";
import * as m0012 from "./0012_failed_sign_ins";
import * as m0013 from "./0013_manage_link_lookup";
import * as m0014 from "./0014_service_menu_prices";
import * as m0015 from "./0015_booking_parts";
import * as m0016 from "./0016_waiting_list";
import * as m0017 from "./0017_booking_outcomes";
import * as m0018 from "./0018_clients";
import * as m0020 from "./0020_report_indexes";
import * as m0021 from "./0021_waitlist_booking_keys";
import * as m0023 from "./0023_client_search_words";
import * as m0024 from "./0024_password_links_recovery_codes";
import * as m0025 from "./0025_submission_replies";
import * as m0026 from "./0026_content_drafts";
import * as m0027 from "./0027_suites_inventory";
import * as m0028 from "./0028_applicants";
import * as m0029 from "./0029_suite_rent_period";
import * as m0031 from "./0031_list_indexes";
import * as m0032 from "./0032_busy_covering_index";
import * as m0033 from "./0033_outbox_compose_input";

/** Every migration, by name, in order. A static list so the server bundle carries them. */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_auth_throttle_settings": m0002,
  "0003_mail_html_kind": m0003,
  "0004_rate_limits": m0004,
  "0005_totp_last_step": m0005,
  "0006_mail_body_at_send": m0006,
  "0007_site_photos_in_library": m0007,
  "0008_bookings": m0008,
  "0009_booking_calendar": m0009,
  "0010_booking_sequence_notices": m0010,
  "0011_booking_client_limits": m0011,
  "0012_failed_sign_ins": m0012,
  "0013_manage_link_lookup": m0013,
  "0014_service_menu_prices": m0014,
  "0015_booking_parts": m0015,
  "0016_waiting_list": m0016,
  "0017_booking_outcomes": m0017,
  "0018_clients": m0018,
  "0020_report_indexes": m0020,
  "0021_waitlist_booking_keys": m0021,
  "0023_client_search_words": m0023,
  "0024_password_links_recovery_codes": m0024,
  "0025_submission_replies": m0025,
  "0026_content_drafts": m0026,
  "0027_suites_inventory": m0027,
  "0028_applicants": m0028,
  "0029_suite_rent_period": m0029,
  "0031_list_indexes": m0031,
  "0032_busy_covering_index": m0032,
  "0033_outbox_compose_input": m0033,
};
