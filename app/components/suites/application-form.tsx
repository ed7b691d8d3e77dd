import { useState } from "react";
import { FormHeading } from "~/components/booking/form-heading";
import { ChoiceGroupField, PublicForm, SelectField, SubmitButton, TextareaField, TextField } from "~/components/forms";
import { CallTextButtons } from "~/components/services/contact-buttons";
import { APPLICATION_MESSAGES, APPLICATION_SENT, APPLICATION_TEXT as T, SUITES_TEXT } from "~/content/suites";
import { localDate } from "~/lib/dates";
import { SuiteApplicationFormSchema } from "~/lib/forms/public-forms";
import { useSiteTimeZone } from "~/lib/use-time-zone";
import { ANNUAL_INCOME, COMMUNICATION_PREFERENCES, HOW_FOUND_OUT, SPECIALTIES } from "~/lib/forms/submission";
import type { PublicFormReply } from "~/lib/forms/public-form-types";

const FORM_ID = "suite-application-form";
const SENT_ID = "suite-application-sent";
/** The fields the required part holds; an error in any other opens "Tell us more". */
const REQUIRED_PART = ["fullName", "email", "phoneNumber", "specialty", "suiteSizes", "desiredOccupancyDate"];

const choices = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const named = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The suite rental application (docs/product.md, Suite rental application): first what the salon
 * needs to reply (all required), then every other field of the application, optional, folded under
 * "Tell us more". Once sent, a panel saying what happens next takes the form's place: after the
 * redirect without JavaScript (`sent`), or shown by the enhancement script (data-success-panel).
 */
export function ApplicationForm({
  reply,
  sent,
  suiteType,
  suiteTypes,
  phone,
}: {
  reply?: PublicFormReply;
  sent: boolean;
  /** The suite type the visitor came for (?type=), chosen when the form opens. */
  suiteType?: string;
  /** The suite types' names to choose from (Admin › Suites), in display order. */
  suiteTypes: string[];
  phone: string;
}) {
  const timeZone = useSiteTimeZone();
  // Today as of the first render (the earliest date the form offers).
  const [today] = useState(() => localDate(Date.now(), timeZone));
  const moreHasErrors =
    !!reply && !reply.ok && Object.keys(reply.fieldErrors).some((field) => !REQUIRED_PART.includes(field));
  return (
    <>
      <ApplicationSent hidden={!sent} phone={phone} />
      {sent ? null : (
        <PublicForm
          name="suite-application"
          schema={SuiteApplicationFormSchema}
          // Without JavaScript the answer is a new page: open it at the form, where its status message is.
          action={`#${FORM_ID}`}
          id={FORM_ID}
          reply={reply}
          messages={APPLICATION_MESSAGES}
          data-success-panel={SENT_ID}
          className="flex flex-col gap-8"
        >
          <div className="flex flex-col gap-6">
            <FormHeading hint={T.requiredHint}>{T.requiredHeading}</FormHeading>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField name="fullName" label={T.fullName} required autoComplete="name" />
              <TextField name="email" label={T.email} type="email" required autoComplete="email" />
              <TextField name="phoneNumber" label={T.phoneNumber} type="tel" required autoComplete="tel" />
              <SelectField
                name="specialty"
                label={T.specialty}
                required
                placeholder={T.specialtyPlaceholder}
                options={named(SPECIALTIES)}
              />
            </div>
            <ChoiceGroupField
              name="suiteSizes"
              label={T.suiteSizes}
              type="checkbox"
              softRequired
              options={named(suiteTypes)}
              defaultValue={suiteType ? [suiteType] : []}
            />
            <TextField
              name="desiredOccupancyDate"
              label={T.desiredOccupancyDate}
              type="date"
              softRequired
              min={today}
              className="sm:max-w-xs"
            />
          </div>

          <details open={moreHasErrors} className="group border-y border-border py-4">
            <summary className="cursor-pointer py-1 font-display text-lg marker:text-accent">{T.moreSummary}</summary>
            <div className="mt-6 flex flex-col gap-8">
              <p className="text-sm text-muted-foreground">{T.moreHint}</p>
              <Group title={T.contactHeading}>
                <ChoiceGroupField
                  name="communicationPreference"
                  label={T.communicationPreference}
                  type="radio"
                  options={choices(COMMUNICATION_PREFERENCES, T.communicationLabels)}
                />
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField name="address" label={T.address} autoComplete="street-address" className="sm:col-span-2" />
                  <TextField name="city" label={T.city} autoComplete="address-level2" />
                  <div className="grid grid-cols-2 gap-4">
                    <TextField name="state" label={T.state} autoComplete="address-level1" />
                    <TextField
                      name="zipCode"
                      label={T.zipCode}
                      autoComplete="postal-code"
                      inputMode="numeric"
                      pattern="\d{5}(-\d{4})?"
                    />
                  </div>
                </div>
              </Group>

              <Group title={T.professionalHeading}>
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField name="businessName" label={T.businessName} autoComplete="organization" />
                  <TextField name="professionalLicenseId" label={T.professionalLicenseId} />
                </div>
                <TextareaField name="educationExperience" label={T.educationExperience} rows={3} />
                <TextareaField name="servicesProvided" label={T.servicesProvided} rows={3} />
                <TextareaField name="specialSuiteRequirements" label={T.specialSuiteRequirements} rows={3} />
              </Group>

              <Group title={T.socialHeading} hint={T.socialHint}>
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField name="instagram" label={T.instagram} placeholder="@yourhandle" />
                  <TextField name="facebook" label={T.facebook} />
                  <TextField name="tiktok" label={T.tiktok} placeholder="@yourhandle" />
                  <TextField name="twitter" label={T.twitter} placeholder="@yourhandle" />
                </div>
              </Group>

              <Group title={T.backgroundHeading}>
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField name="dateOfBirth" label={T.dateOfBirth} type="date" max={today} autoComplete="bday" />
                  <SelectField
                    name="typicalAnnualIncome"
                    label={T.typicalAnnualIncome}
                    placeholder={T.typicalAnnualIncomePlaceholder}
                    options={choices(ANNUAL_INCOME, T.incomeLabels)}
                  />
                  <SelectField
                    name="howFoundOut"
                    label={T.howFoundOut}
                    placeholder={T.howFoundOutPlaceholder}
                    options={choices(HOW_FOUND_OUT, T.howFoundOutLabels)}
                  />
                </div>
                <ChoiceGroupField
                  name="suiteLeasingExperience"
                  label={T.suiteLeasingExperience}
                  type="radio"
                  options={choices(["yes", "no"] as const, T.leasingLabels)}
                />
              </Group>
            </div>
          </details>

          <SubmitButton pendingText={T.pending} className="w-full">
            {T.submit}
          </SubmitButton>
        </PublicForm>
      )}
    </>
  );
}

/** What the visitor sees once the application is sent: that it arrived, and what happens next. */
function ApplicationSent({ hidden, phone }: { hidden: boolean; phone: string }) {
  const S = APPLICATION_SENT;
  return (
    <section
      id={SENT_ID}
      hidden={hidden}
      aria-labelledby={`${SENT_ID}-title`}
      className="border border-success/40 bg-success/5 p-6 sm:p-8"
      data-testid="application-sent"
    >
      <h3 id={`${SENT_ID}-title`} tabIndex={-1} className="font-display text-2xl font-normal outline-none">
        {S.title}
      </h3>
      <p className="mt-3 leading-relaxed">{S.lead}</p>
      <h4 className="mt-6 text-[0.7rem] font-medium tracking-[0.2em] uppercase">{S.stepsTitle}</h4>
      <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed text-muted-foreground">
        {S.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {phone ? (
        <>
          <p className="mt-6 text-sm">{S.callPrompt}</p>
          <CallTextButtons
            phone={phone}
            callLabel={SUITES_TEXT.callButton}
            textLabel={SUITES_TEXT.textButton}
            className="mt-4"
          />
        </>
      ) : null}
    </section>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <FormHeading hint={hint}>{title}</FormHeading>
      {children}
    </div>
  );
}
