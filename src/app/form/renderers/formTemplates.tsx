/**
 * The templates RJSF draws a page with (the full renderer, StepForm): the question pages'
 * own field and input (templates.tsx, which the slim renderer of a first page shares), and
 * what only RJSF draws.
 */
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { describedBy, hintOf } from './describedBy';
import { BaseInputTemplate, FieldTemplate } from './templates';

/**
 * The page itself is the root object: its heading and text are the funnel page's `title` and
 * `description`, so the schema's own are never drawn. Nested objects are fieldsets whose
 * legend is the question and whose hint is its `description` (or `ui:description`).
 */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, properties, fieldPathId, schema, uiSchema } = props;
  const content = properties
    .filter((p) => !p.hidden)
    .map((p) => <div key={p.name}>{p.content}</div>);
  if (fieldPathId.path.length === 0) return <>{content}</>;
  const id = fieldPathId.$id;
  const hint = hintOf(schema, uiSchema);
  // RJSF types ui schema values as any; ui:help is a text in our funnels' ui schemas.
  const help = uiSchema?.['ui:help'] as string | undefined;
  return (
    <fieldset
      className="field fieldset"
      aria-describedby={describedBy(id, schema, uiSchema, undefined)}
    >
      <legend>{title}</legend>
      {hint && (
        <p id={`${id}__description`} className="field__hint">
          {hint}
        </p>
      )}
      {help && (
        <p id={`${id}__help`} className="field__hint">
          {help}
        </p>
      )}
      {content}
    </fieldset>
  );
}

/**
 * A question's label, hint and error around its input (templates.tsx); a file question
 * (`x-evidence`, EvidenceField) draws its own around its list. Here rather than in
 * templates.tsx, which the slim renderer of a first page loads too: a page that asks for
 * files is never a slim one.
 */
function QuestionTemplate(props: FieldTemplateProps) {
  return 'x-evidence' in props.schema ? props.children : <FieldTemplate {...props} />;
}

export const formTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate: QuestionTemplate,
  ObjectFieldTemplate,
  // Errors are shown in our own summary at the top and beside each field.
  ErrorListTemplate: () => null,
  FieldErrorTemplate: () => null,
  FieldHelpTemplate: () => null,
  DescriptionFieldTemplate: () => null,
};
