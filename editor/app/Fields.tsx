import { createContext, memo, useContext, useId, useMemo, useState, type ReactNode } from "react";
import { Plus, Trash2, Upload, X } from "lucide-react";
import type { IconName } from "../../contract/generated/schema-types.ts";
import { type JsonSchema, type Located, type SchemaFiles, child } from "../../contract/schema-tree.ts";
import type { PageSummary, Problem } from "./api.ts";
import { IconButton, MoveButtons } from "./controls.tsx";
import { IconPicker } from "./IconPicker.tsx";
import { linkSuggestions } from "./link-suggestions.ts";
import { type Path, move, pointerOf } from "./paths.ts";
import { firstControl, focusAfterRender } from "./focus.ts";
import { itemLabel, labelOf, singular } from "../../toolchain/field-labels.ts";
import { type SourceOfFields, SourceBeside, sourceTextId } from "./locales/SourceBeside.tsx";
import { ChooseFromLibrary } from "./media/ChooseFromLibrary.tsx";
import "./fields.css";

export interface FieldContext {
  schemas: SchemaFiles;
  pages: PageSummary[];
  /** The path of the page being edited, for its own #anchors. */
  pagePath?: string;
  anchors: string[];
  media: string[];
  problems: Map<string, Problem[]>;
  onChange: (path: Path, value: unknown) => void;
  onUpload: (file: File) => Promise<string | undefined>;
  /** Whether the person may write (a viewer of the team editor may not): the media picker then offers no upload. */
  writes?: boolean;
  /** In a translation: its source's text, shown under each text field. */
  source?: SourceOfFields;
}

const Context = createContext<FieldContext | null>(null);
export const FieldsProvider = Context.Provider;
const useFields = () => useContext(Context)!;

/** A text allowed more than this many characters no longer fits a one-line input: its field wraps and grows. */
const WRAPPING_TEXT = 80;
/** Up to this many characters, a text is still one line of the page (a heading, a title): Enter adds no line break. */
const LONG_TEXT = 160;

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A value that satisfies the schema's shape, for a newly added field or item. */
export function emptyValue(schemas: SchemaFiles, at: Located): unknown {
  const { schema } = at;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, emptyValue(schemas, child(schemas, at, schema.properties?.[key])!)]),
      );
    case "array":
      return [];
    case "boolean":
      return false;
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    default:
      return "";
  }
}

export const fieldId = (path: Path) => `field-${pointerOf(path).replace(/[^a-zA-Z0-9-]/g, "_")}`;

/** Where the keyboard lands after a field is added: its control, or the first control of a group. */
const focusField = (path: Path) =>
  focusAfterRender(
    () =>
      document.getElementById(fieldId(path)) ??
      firstControl(document.querySelector(`[data-field="${CSS.escape(pointerOf(path))}"]`)),
  );

/** Where the keyboard lands after an optional field is cleared: the button that adds it again. */
const focusAddButton = (path: Path) =>
  focusAfterRender(() => document.querySelector(`[data-add-field="${CSS.escape(pointerOf(path))}"]`));

function Problems({ path }: { path: Path }) {
  const problems = useFields().problems.get(pointerOf(path)) ?? [];
  if (problems.length === 0) return null;
  return (
    <ul className="field-problems" id={`${fieldId(path)}-problems`}>
      {problems.map((problem, i) => (
        <li key={i}>
          {problem.message} <span className="muted">{problem.hint}</span>
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  at: Located;
  path: Path;
  name: string | number;
  /** What the field is called when not its property's name: a list's item, by its own words. */
  label?: string;
  value: unknown;
  required: boolean;
}

/** Takes an optional field out of the document; the focus goes to the button that adds it back. */
function ClearButton({ path, label, children }: { path: Path; label?: string; children: ReactNode }) {
  const { onChange } = useFields();
  return (
    <button
      type="button"
      className="link-button"
      aria-label={label}
      onClick={() => {
        onChange(path, undefined);
        focusAddButton(path);
      }}
    >
      <X size={14} aria-hidden /> {children}
    </button>
  );
}

const fieldLabel = (field: FieldProps) => field.label ?? labelOf(field.name, field.at.schema);
/** A list item's name ends in an ellipsis before its tools when it is long: the tooltip has it whole. */
const itemTitle = (field: FieldProps) => (typeof field.name === "number" ? fieldLabel(field) : undefined);

function Frame({ field, children, wide }: { field: FieldProps; children: ReactNode; wide?: boolean }) {
  const { problems } = useFields();
  const id = fieldId(field.path);
  const hasProblems = problems.has(pointerOf(field.path));
  return (
    <div className={`field${hasProblems ? " field-invalid" : ""}${wide ? " field-wide" : ""}`}>
      <div className="field-head">
        <label htmlFor={id} title={itemTitle(field)}>
          {fieldLabel(field)}
        </label>
        {!field.required && field.value !== undefined && (
          <ClearButton path={field.path} label={`Clear ${fieldLabel(field)}`}>
            Clear
          </ClearButton>
        )}
      </div>
      {children}
      {field.at.schema.description && (
        <p className="field-help" id={`${id}-help`}>
          {field.at.schema.description}
        </p>
      )}
      <Problems path={field.path} />
    </div>
  );
}

function describedBy(path: Path, schema: JsonSchema, invalid: boolean) {
  const id = fieldId(path);
  return (
    [schema.description ? `${id}-help` : "", invalid ? `${id}-problems` : ""].filter(Boolean).join(" ") || undefined
  );
}

function TextField(field: FieldProps & { list?: string; kind?: "date" }) {
  const { onChange, problems, source } = useFields();
  const { schema } = field.at;
  const value = typeof field.value === "string" ? field.value : "";
  const invalid = problems.has(pointerOf(field.path));
  const sourceText = source?.textAt(field.path);
  const described = describedBy(field.path, schema, invalid);
  const common = {
    id: fieldId(field.path),
    value,
    "aria-invalid": invalid || undefined,
    "aria-describedby": sourceText
      ? [sourceTextId(fieldId(field.path)), described].filter(Boolean).join(" ")
      : described,
    onChange: (event: { target: { value: string } }) => onChange(field.path, event.target.value),
  };
  // A textarea has no datalist, so a field with suggestions (links, media) stays one line however long it may be.
  const wraps = !field.list && (schema.maxLength ?? 0) > WRAPPING_TEXT;
  const oneLine = (schema.maxLength ?? 0) <= LONG_TEXT;
  return (
    <Frame field={field}>
      {wraps ? (
        <textarea
          {...common}
          className={oneLine ? "text-wrapping" : "text-long"}
          // The height follows the text (CSS field-sizing where the browser has it, these rows where not).
          rows={Math.min(8, Math.max(oneLine ? 2 : 3, Math.ceil(value.length / 50)))}
          onKeyDown={(event) => {
            if (oneLine && event.key === "Enter") event.preventDefault();
          }}
          onChange={(event) =>
            common.onChange({
              target: { value: oneLine ? event.target.value.replace(/\s*\n\s*/g, " ") : event.target.value },
            })
          }
        />
      ) : (
        <input {...common} type={field.kind ?? "text"} list={field.list} />
      )}
      {schema.maxLength !== undefined && (
        <span className={`counter${value.length > schema.maxLength ? " counter-over" : ""}`} aria-live="polite">
          {value.length} / {schema.maxLength}
        </span>
      )}
      {sourceText && source && (
        <SourceBeside id={sourceTextId(fieldId(field.path))} source={source} text={sourceText} />
      )}
    </Frame>
  );
}

function LinkField(field: FieldProps) {
  const { pages, pagePath, anchors } = useFields();
  const listId = useId();
  const value = typeof field.value === "string" ? field.value : "";
  const options = useMemo(
    () => linkSuggestions(pages, { pagePath, anchors, value }),
    [pages, pagePath, anchors, value],
  );
  return (
    <>
      <TextField {...field} list={listId} />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
    </>
  );
}

function MediaField(field: FieldProps) {
  const { media, onUpload, onChange, writes = true } = useFields();
  const listId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <TextField {...field} list={listId} />
      <datalist id={listId}>
        {media.map((file) => (
          <option key={file} value={file} />
        ))}
      </datalist>
      <div className="media-field-tools">
        <label className="upload">
          <Upload size={14} aria-hidden /> {busy ? "Uploading…" : "Upload into public/media/"}
          <input
            type="file"
            accept="image/*,video/mp4,video/webm"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setBusy(true);
              const src = await onUpload(file);
              setBusy(false);
              if (src) onChange(field.path, src);
            }}
          />
        </label>
        <ChooseFromLibrary
          value={typeof field.value === "string" ? field.value : undefined}
          pattern={field.at.schema.pattern}
          writes={writes}
          onChoose={(src) => onChange(field.path, src)}
        />
      </div>
    </>
  );
}

function SelectField(field: FieldProps) {
  const { onChange, problems } = useFields();
  const invalid = problems.has(pointerOf(field.path));
  const options = field.at.schema.enum ?? [];
  return (
    <Frame field={field}>
      <select
        id={fieldId(field.path)}
        value={field.value === undefined ? "" : String(field.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(field.path, field.at.schema, invalid)}
        onChange={(event) => onChange(field.path, event.target.value === "" ? undefined : event.target.value)}
      >
        {(!field.required || field.value === undefined) && <option value="">(not set)</option>}
        {options.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
            {option === field.at.schema.default ? " (default)" : ""}
          </option>
        ))}
      </select>
    </Frame>
  );
}

function IconField(field: FieldProps) {
  const { onChange } = useFields();
  return (
    <Frame field={field} wide>
      <IconPicker
        id={fieldId(field.path)}
        label={fieldLabel(field)}
        names={(field.at.schema.enum ?? []) as IconName[]}
        value={typeof field.value === "string" ? (field.value as IconName) : undefined}
        onChoose={(name) => onChange(field.path, name)}
      />
    </Frame>
  );
}

function NumberField(field: FieldProps) {
  const { onChange, problems } = useFields();
  const { schema } = field.at;
  const invalid = problems.has(pointerOf(field.path));
  return (
    <Frame field={field}>
      <input
        id={fieldId(field.path)}
        type="number"
        inputMode={typeOf(schema) === "integer" ? "numeric" : "decimal"}
        min={schema.minimum}
        max={schema.maximum}
        step={typeOf(schema) === "integer" ? 1 : "any"}
        placeholder={schema.default !== undefined ? `${String(schema.default)} (default)` : undefined}
        value={typeof field.value === "number" ? field.value : ""}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(field.path, schema, invalid)}
        onChange={(event) => onChange(field.path, event.target.value === "" ? undefined : Number(event.target.value))}
      />
    </Frame>
  );
}

function BooleanField(field: FieldProps) {
  const { onChange, problems } = useFields();
  const { schema } = field.at;
  const checked = typeof field.value === "boolean" ? field.value : schema.default === true;
  const id = fieldId(field.path);
  return (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy(field.path, schema, problems.has(pointerOf(field.path)))}
        onChange={(event) => onChange(field.path, event.target.checked)}
      />
      <div>
        <label htmlFor={id}>{fieldLabel(field)}</label>
        {schema.description && (
          <p className="field-help" id={`${id}-help`}>
            {schema.description}
          </p>
        )}
        <Problems path={field.path} />
      </div>
    </div>
  );
}

function ArrayField(field: FieldProps) {
  const { schemas, onChange } = useFields();
  const items = Array.isArray(field.value) ? field.value : [];
  const itemAt = child(schemas, field.at, field.at.schema.items)!;
  const max = field.at.schema.maxItems ?? Infinity;
  const label = fieldLabel(field);
  const one = singular(label);
  return (
    <fieldset className="group" data-field={pointerOf(field.path)}>
      <legend>
        {label} <span className="muted">({items.length})</span>
      </legend>
      {field.at.schema.description && <p className="field-help">{field.at.schema.description}</p>}
      <Problems path={field.path} />
      <ol className="array-items">
        {items.map((item, index) => (
          <li key={index} className="array-item">
            <div className="array-item-tools">
              <MoveButtons
                name={one}
                index={index}
                last={index === items.length - 1}
                onMove={(to) => onChange(field.path, move(items, index, to))}
              />
              <IconButton
                label={`Remove ${one} ${index + 1}`}
                icon={Trash2}
                onClick={(event) => {
                  const group = event.currentTarget.closest("fieldset");
                  onChange(
                    field.path,
                    items.filter((_, i) => i !== index),
                  );
                  // The next item's Remove button (the previous one's after the last), or Add once the list is empty.
                  focusAfterRender(() => {
                    const tools = group?.querySelectorAll(":scope > ol > li > .array-item-tools");
                    const next = tools?.[Math.min(index, tools.length - 1)];
                    return next ? next.lastElementChild : group?.querySelector(":scope > button");
                  });
                }}
              />
            </div>
            <Field
              at={itemAt}
              path={[...field.path, index]}
              name={index}
              label={itemLabel(label, index, item)}
              value={item}
              required
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button"
        disabled={items.length >= max}
        onClick={() => onChange(field.path, [...items, emptyValue(schemas, itemAt)])}
      >
        <Plus size={14} aria-hidden /> Add to {label.toLowerCase()}
      </button>
    </fieldset>
  );
}

/** The fields of an object's properties, except `omit`; optional ones that are not set are offered to add. */
export function ObjectFields({
  at,
  path,
  value,
  omit = [],
}: {
  at: Located;
  path: Path;
  value: unknown;
  omit?: string[];
}) {
  const { schemas, onChange } = useFields();
  const object = (value ?? {}) as Record<string, unknown>;
  const properties = Object.entries(at.schema.properties ?? {}).filter(([key]) => !omit.includes(key));
  const required = new Set(at.schema.required ?? []);
  const absent: [string, Located][] = [];
  const fields = properties.flatMap(([key, schema]) => {
    const located = child(schemas, at, schema)!;
    const isRequired = required.has(key);
    const fieldValue = object[key];
    const simple = ["boolean", "integer", "number"].includes(typeOf(located.schema) ?? "") || located.schema.enum;
    if (fieldValue === undefined && !isRequired && !simple) {
      absent.push([key, located]);
      return [];
    }
    return [<Field key={key} at={located} path={[...path, key]} name={key} value={fieldValue} required={isRequired} />];
  });
  return (
    <>
      {fields}
      {absent.length > 0 && (
        <div className="add-optional">
          <span className="muted">Add an optional field:</span>
          {absent.map(([key, located]) => (
            <button
              type="button"
              key={key}
              className="chip"
              title={located.schema.description}
              data-add-field={pointerOf([...path, key])}
              onClick={() => {
                onChange([...path, key], emptyValue(schemas, located));
                focusField([...path, key]);
              }}
            >
              <Plus size={12} aria-hidden /> {labelOf(key, located.schema)}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

function ObjectField(field: FieldProps) {
  const { schema } = field.at;
  return (
    <fieldset className="group" data-field={pointerOf(field.path)}>
      <legend title={itemTitle(field)}>{fieldLabel(field)}</legend>
      {schema.description && <p className="field-help">{schema.description}</p>}
      <Problems path={field.path} />
      <ObjectFields at={field.at} path={field.path} value={field.value} />
      {!field.required && <ClearButton path={field.path}>Remove {fieldLabel(field).toLowerCase()}</ClearButton>}
    </fieldset>
  );
}

/** One field, chosen from its schema: the single place where a schema becomes a form control. */
const Field = memo(
  function Field(field: FieldProps) {
    return <FieldControl {...field} />;
  },
  // Typing in one field leaves the others as they were: same schema, same value, same place.
  (a, b) =>
    a.at === b.at &&
    a.value === b.value &&
    a.name === b.name &&
    a.label === b.label &&
    a.required === b.required &&
    pointerOf(a.path) === pointerOf(b.path),
);

function FieldControl(field: FieldProps) {
  const { schema, kind } = field.at;
  if (schema.const !== undefined) return null;
  if (kind === "IconName") return <IconField {...field} />;
  if (schema.siteRef === "link") return <LinkField {...field} />;
  if (schema.enum) return <SelectField {...field} />;
  switch (typeOf(schema)) {
    case "object":
      return <ObjectField {...field} />;
    case "array":
      return <ArrayField {...field} />;
    case "boolean":
      return <BooleanField {...field} />;
    case "integer":
    case "number":
      return <NumberField {...field} />;
    default:
      if (schema.format === "date") return <TextField {...field} kind="date" />;
      if (schema.siteRef === "asset" || schema.siteRef === "image") return <MediaField {...field} />;
      return <TextField {...field} />;
  }
}
