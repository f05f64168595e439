/* eslint-disable */
/**
 * Generated from schemas/funnel.schema.json by scripts/generate-types.ts. Do not edit:
 * change the schema and run `npx tsx scripts/generate-types.ts`.
 */
import type {ClaimStages} from '../../lifecycle';

export type KebabCaseId = string;
/**
 * A JSON pointer into a claim's answers: /pageId/field (/pageId/group/field for a field in a group).
 */
export type AnswerPointer = string;
/**
 * The language this file's text is written in, as a BCP 47 tag: "en-GB" (the default), "cy" (Welsh).
 */
export type Locale = string;
/**
 * A pointer to one top-level text field of a page: /pageId/field.
 */
export type RoleField = string;
/**
 * form: an ordinary step. review-and-sign: check-your-answers and signature; the claim ends here. exit: an information page that ends the claim (for example, not eligible).
 */
export type PageKind = 'form' | 'review-and-sign' | 'exit';

/**
 * A claim funnel: an ordered list of pages, each rendered from a page schema in schemas/. Edit funnels as JSON only; `npx tsx scripts/funnels-check.ts` checks them.
 */
export interface Funnel {
  /**
   * Path to this schema, normally "../schemas/funnel.schema.json", so editors autocomplete the file.
   */
  $schema: string;
  /**
   * Identifier used in URLs (/form/<funnelId>/...). Lower-case words joined by hyphens; must match the file name.
   */
  funnelId: string;
  /**
   * Increase when anything a claimant sees or is checked against changes: a claim started on version N finishes on version N. Published versions are kept in funnels/published/<funnelId>/<version>.json (npm run funnels:publish) and never change; funnels:check fails if this file or a schema it uses differs from its published version.
   */
  version: number;
  migration?: FunnelMigration;
  /**
   * Name of the funnel shown to claimants and in the examples list.
   */
  title: string;
  description?: string;
  locale?: Locale;
  /**
   * This funnel's text in other languages: per locale, the translated text of each text key. A text key is the JSON pointer of a text in this file, with each page named by its pageId: "/title", "/pages/start/title", "/pages/start/uiSchema/email/ui:help", "/wording/submitButton", "/roles/subject/label", "/pages/sign/letterOfAuthority/text". A locale listed here is offered to claimants, so funnels:check requires every text of this funnel, and of every schema its pages use (their "x-translations"), in it. An empty text ("") is one still to translate: a locale with one is not offered yet, and funnels:check lists what it lacks (npm run language:start writes every text so).
   */
  translations?: {
    [k: string]: {
      [k: string]: string;
    };
  };
  wording?: FunnelWording;
  roles?: FunnelRoles;
  /**
   * This funnel's own claim stages, in the format of funnels/lifecycle/claim-stages.json: its stages (each with staffLabel, claimantLabel, claimantText and the moves staff may make, next), its initial and withdrawn stage, and their translations into every locale this funnel offers. Without it, its claims move through the shared file's stages. Not part of a version: claims on every version move through the current file's stages.
   */
  lifecycle?: ClaimStages;
  /**
   * Pages in their default order. The claimant's path starts at the first page.
   *
   * @minItems 1
   */
  pages: [FunnelPage, ...FunnelPage[]];
}
/**
 * How answers of the previous published version map onto this one, applied to a draft when its claimant accepts the move. Pointers name a page and a field of the answers: "/vehicle/registration". `from` pointers are in the previous version's answers, `to` and `at` in this version's. Applied in this order: renamePages, moveFields, dropFields, defaults.
 */
export interface FunnelMigration {
  /**
   * "move": a claimant with a draft on the previous version is offered this version on their next visit. "stay": drafts finish on the version they started on.
   */
  drafts: 'move' | 'stay';
  /**
   * Pages of the previous version that have a new pageId here: { "oldPageId": "newPageId" }.
   */
  renamePages?: {
    [k: string]: KebabCaseId;
  };
  /**
   * Fields renamed or moved: each value found at `from` is put at `to`.
   */
  moveFields?: {
    from: AnswerPointer;
    to: AnswerPointer;
  }[];
  /**
   * Answers this version no longer asks for (a pointer to a page drops the whole page).
   */
  dropFields?: AnswerPointer[];
  /**
   * Answers to fill where the draft has none, for a new field this version requires.
   */
  defaults?: {
    at: AnswerPointer;
    value: unknown;
  }[];
  /**
   * Pages a moved draft may have to answer again (new required questions with no default): the claimant is sent to the first of them. funnels:check fails when a migrated example does not pass a page not named here.
   */
  needsInput?: KebabCaseId[];
}
/**
 * What the claimant reads that is specific to this funnel, around the pages themselves. Every entry is optional; a missing one is built from claimNoun (see src/runtime/funnel/words/funnelWording.ts).
 */
export interface FunnelWording {
  /**
   * What a claimant makes in this funnel, in lower case: "claim" (the default), "appeal", "complaint"; in another language its own word, accents included ("cŵyn"). Used in every default below.
   */
  claimNoun?: string;
  /**
   * Heading above the signature on the review-and-sign page. Default: "Sign and send your <claimNoun>".
   */
  signHeading?: string;
  /**
   * Label of the button that sends the claim. Default: "Accept and send <claimNoun>".
   */
  submitButton?: string;
  /**
   * Heading of the confirmation panel once sent. Default: "<ClaimNoun> submitted".
   */
  confirmationTitle?: string;
  /**
   * Paragraph under "What happens next" on the confirmation. Default: "We will check your <claimNoun> and contact you within 10 working days. Keep your reference number: you will need it if you contact us."
   */
  whatHappensNext?: string;
  /**
   * Heading of the section offering a new claim in the same funnel. Default: "Make another <claimNoun>".
   */
  startAnotherHeading?: string;
  /**
   * Paragraph under that heading. Default: none.
   */
  startAnotherText?: string;
  /**
   * Label of the button that starts another claim. Default: "Start another <claimNoun>".
   */
  startAnotherButton?: string;
}
/**
 * Which answers the platform reads as who the claim is from and what it is about: the staff list, search, the claim's heading, the export, emails, the claimant's account and duplicate claims all use these, never a field's name. Each pointer is /pageId/field and names a text field of that page's schema. A role left out is shown as not asked in this funnel. Roles are read from the current funnel file for claims on every version, so they are not part of a version's hash.
 */
export interface FunnelRoles {
  /**
   * The claimant's name: one field (a full name) or several, joined with spaces in this order (first name, last name).
   *
   * @minItems 1
   */
  name?: [RoleField, ...RoleField[]];
  /**
   * A pointer to one top-level text field of a page: /pageId/field.
   */
  email?: string;
  /**
   * A pointer to one top-level text field of a page: /pageId/field.
   */
  phone?: string;
  subject?: SubjectRole;
}
/**
 * What the claim is about (a vehicle's registration, a flight's code): shown and searched by staff, and a second claim naming the same subject is offered the first.
 */
export interface SubjectRole {
  field: RoleField;
  /**
   * What the subject is called, as staff and the claimant read it: "Registration", "Flight number".
   */
  label: string;
}
export interface FunnelPage {
  /**
   * Identifier used in URLs and as the key of this page's answers. Unique within the funnel.
   */
  pageId: string;
  /**
   * Page heading.
   */
  title: string;
  /**
   * Text shown under the heading.
   */
  description?: string;
  /**
   * The "$id" of the page schema in schemas/ (schemas/<id>.schema.json).
   */
  schema: string;
  /**
   * RJSF uiSchema for this page: widgets, autocomplete attributes, help text, order. Field keys must exist in the page schema.
   */
  uiSchema?: {
    [k: string]: unknown;
  };
  kind?: PageKind;
  letterOfAuthority?: LetterOfAuthority;
  /**
   * Branching rules, tried in order; the first whose `when` matches gives the next page. With no match the next page is the following page in `pages`.
   */
  next?: NextRule[];
}
/**
 * Only on a review-and-sign page: what the claimant signs, shown above the signature: a letter of authority (`kind` "authority", the default: the claimant lets someone act for them), a declaration ("declaration": the claimant declares that what they said is true and consents, authorising nobody), or the owner's own document ("own", named by `name`). Every sentence around it (the sign page, the download, withdrawing, the PDF) follows its kind. The gateway stores its exact text, version and SHA-256 with the signature, and puts it in the signed PDF. Change the version whenever the text changes.
 */
export interface LetterOfAuthority {
  /**
   * What signing means: "authority" (the default) lets someone act for the claimant; "declaration" declares that what they said is true, and consents, authorising nobody; "own" is the owner's own document, named by `name`.
   */
  kind?: 'authority' | 'declaration' | 'own';
  /**
   * Only with kind "own": what the claimant calls the document in a sentence, in lower case ("consent form"), as in "Download your signed consent form (PDF)".
   */
  name?: string;
  /**
   * Which wording this is, for example the date it took effect: "2026-11-01".
   */
  version: string;
  /**
   * Heading of the document, shown above its text and as the signed PDF's title.
   */
  title: string;
  /**
   * The letter as plain text (no HTML or Markdown); separate paragraphs with a blank line.
   */
  text: string;
}
export interface NextRule {
  /**
   * A JSON Schema (draft-07) evaluated against the answers so far, keyed by pageId. Leave it out to always take this rule.
   */
  when?: {
    [k: string]: unknown;
  };
  /**
   * The pageId to go to when this rule matches.
   */
  goto: string;
}
