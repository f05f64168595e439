/**
 * The templates RJSF draws a page with (the full renderer, StepForm): the question pages'
 * own field and input (templates.tsx, which the slim renderer of a first page shares), and
 * what only RJSF draws.
 */
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate, FieldTemplate } from './templates';

/** The page itself is the root object (its title is the page heading); nested objects are fieldsets. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, properties, fieldPathId, uiSchema } = props;
  const content = properties
    .filter((p) => !p.hidden)
    .map((p) => <div key={p.name}>{p.content}</div>);
  if (fieldPathId.path.length === 0) return <>{content}</>;
  const help = uiSchema?.['ui:help'] as string | undefined;
  return (
    <fieldset className="field fieldset">
      <legend>{title}</legend>
      {help && <p className="field__hint">{help}</p>}
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
