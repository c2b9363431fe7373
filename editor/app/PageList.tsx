import { useState } from "react";
import { FilePlus2, Search, Settings } from "lucide-react";
import type { ApiError, PageSummary } from "./api.ts";

interface PageListProps {
  pages: PageSummary[];
  templates: string[];
  onOpen: (file: string) => void;
  onCreate: (template: string, slug: string, name: string) => Promise<ApiError | undefined>;
}

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Every page (title, path, place in the Industries menu), with search; and new pages from the scaffold's templates. */
export function PageList({ pages, templates, onOpen, onCreate }: PageListProps) {
  const [query, setQuery] = useState("");
  const [template, setTemplate] = useState(templates.includes("industry") ? "industry" : templates[0]);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [error, setError] = useState<ApiError | undefined>();
  const words = query.trim().toLowerCase();
  const shown = pages.filter((page) =>
    [page.title, page.path, page.nav?.label ?? "", page.nav?.menu ?? ""].join(" ").toLowerCase().includes(words),
  );
  return (
    <main className="pages" id="main">
      <div className="pages-head">
        <div>
          <h1>Pages</h1>
          <p className="muted">
            {pages.length} pages in site-config/pages/. Changes are saved to these files: review them with git diff.
          </p>
        </div>
        <button type="button" className="button" onClick={() => onOpen("site-config/site.json")}>
          <Settings size={16} aria-hidden /> Site settings (navigation, footer, contact)
        </button>
      </div>
      <div className="search">
        <Search size={16} aria-hidden />
        <input
          type="search"
          aria-label="Search pages by title, path or menu"
          placeholder="Search pages by title, path or menu"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <table className="page-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Path</th>
            <th scope="col">Industries menu</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((page) => (
            <tr key={page.file}>
              <td>
                <a
                  href={`#${page.file}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(page.file);
                  }}
                >
                  {page.title}
                </a>
              </td>
              <td>
                <code>{page.path}</code>
              </td>
              <td>
                {page.nav?.menu === "industries" ? (
                  <>
                    {page.nav.label}
                    <span className="muted">
                      {" "}
                      · order {page.nav.order ?? 100}
                      {page.nav.featured ? " · featured" : ""}
                    </span>
                  </>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="muted">No page matches “{query}”.</p>}

      <section className="new-page" aria-labelledby="new-page-title">
        <h2 id="new-page-title">
          <FilePlus2 size={18} aria-hidden /> New page
        </h2>
        <p className="muted">The same templates and checks as npm run new:page: it never overwrites a page.</p>
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setError(await onCreate(template, slug || slugify(name), name));
          }}
        >
          <label>
            Template
            <select value={template} onChange={(event) => setTemplate(event.target.value)}>
              {templates.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          <label>
            Name, as shown in menus
            <input required value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            Slug (last part of the address)
            <input value={slug} placeholder={slugify(name)} onChange={(event) => setSlug(event.target.value)} />
          </label>
          <button type="submit" className="button button-primary">
            Create page
          </button>
        </form>
        {error && (
          <div className="alert" role="alert">
            <strong>{error.error.title}:</strong> {String(error.body.reason ?? error.error.message)}{" "}
            <span className="muted">{error.error.hint}</span>
          </div>
        )}
      </section>
    </main>
  );
}
