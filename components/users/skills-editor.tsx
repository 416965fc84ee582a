"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useState } from "react";
import { fieldErrors } from "@/lib/http/validation";
import { userSkillsSchema } from "@/lib/agents/skills/schemas";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { SkillListInput, type SkillRow } from "@/components/ui/skill-list-input";

/**
 * An agent's skills (issue 44), saved as a whole with PUT
 * /api/users/{id}/skills; the offer engine matches them against the skills
 * a queue requires.
 */
export function SkillsEditor({ userId, initial, onSaved }: { userId: number; initial: SkillRow[]; onSaved: (skills: SkillRow[]) => void }) {
  const token = useApiToken();
  const [rows, setRows] = useState<SkillRow[]>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = async () => {
    const parsed = userSkillsSchema.safeParse(rows);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setSaved(false);
    setPending(true);
    try {
      const answer = await apiFetch<{ skills: SkillRow[] }>(`/api/users/${userId}/skills`, token!, { method: "PUT", body: JSON.stringify(parsed.data) });
      setRows(answer.skills);
      setSaved(true);
      onSaved(answer.skills);
    } catch (error) {
      setErrors(submitErrors(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="stack" aria-label="Skills">
      {errors.form && (
        <div className="alert" role="alert">
          {errors.form[0]}
        </div>
      )}
      <SkillListInput label="Skills" levelLabel="Level" value={rows} onChange={setRows} errors={errors} />
      <div className="row" style={{ alignItems: "center" }}>
        <button type="button" className="button secondary" disabled={pending} onClick={save}>
          {pending ? "Updating…" : "Update skills"}
        </button>
        {saved && (
          <span className="small" role="status">
            Skills updated.
          </span>
        )}
      </div>
    </div>
  );
}
