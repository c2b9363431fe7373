import { useEffect, useRef, useState } from "react";
import { editorGitErrors } from "../../../contract/errors.ts";
import type { Refusal } from "../api.ts";
import { DialogActions } from "../controls.tsx";
import "../dialogs.css";

interface Props {
  onPublish: (identity: { name: string; email: string }) => Promise<Refusal | undefined>;
  onClose: () => void;
}

/** Asks, once, who publishes: git has no name and e-mail, and the editor keeps them in the repository's settings. */
export function IdentityDialog({ onPublish, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<Refusal | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby="identity-title" onClose={onClose}>
      <h2 id="identity-title">{editorGitErrors.noIdentity.title}</h2>
      <p>{editorGitErrors.noIdentity.message}</p>
      <p className="muted">{editorGitErrors.noIdentity.hint}</p>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const refused = await onPublish({ name, email });
          if (refused) setError(refused);
          else dialog.current?.close();
        }}
      >
        <label>
          Your name
          <input required autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          Your e-mail
          <input
            required
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <DialogActions refused={error} label="Publish for review" onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}
