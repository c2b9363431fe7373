import { useCallback, useReducer } from "react";

/** Edits to the same field within this time are one step of undo, so undo does not go back one letter at a time. */
const COALESCE_MS = 1000;

interface State<T> {
  past: T[];
  present: T;
  future: T[];
  lastKey?: string;
  lastAt: number;
}

type Action<T> =
  | { kind: "change"; update: (value: T) => T; key?: string; at: number }
  | { kind: "reset"; value: T }
  | { kind: "undo" }
  | { kind: "redo" };

function reducer<T>(state: State<T>, action: Action<T>): State<T> {
  switch (action.kind) {
    case "change": {
      const merge = action.key !== undefined && action.key === state.lastKey && action.at - state.lastAt < COALESCE_MS;
      const present = action.update(state.present);
      if (present === state.present) return state;
      return {
        past: merge ? state.past : [...state.past, state.present],
        present,
        future: [],
        lastKey: action.key,
        lastAt: action.at,
      };
    }
    case "reset":
      return { past: [], present: action.value, future: [], lastAt: 0 };
    case "undo":
      if (state.past.length === 0) return state;
      return {
        past: state.past.slice(0, -1),
        present: state.past[state.past.length - 1],
        future: [state.present, ...state.future],
        lastAt: 0,
      };
    case "redo":
      if (state.future.length === 0) return state;
      return {
        past: [...state.past, state.present],
        present: state.future[0],
        future: state.future.slice(1),
        lastAt: 0,
      };
  }
}

/** A value with undo and redo across every change since it was opened. */
export function useHistory<T>(initial: T) {
  const [state, dispatch] = useReducer(reducer<T>, { past: [], present: initial, future: [], lastAt: 0 });
  return {
    value: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    /**
     * Replaces the value, or updates it from its latest state when given a function. `key` names the field edited:
     * successive edits of one field merge into one undo step.
     */
    change: useCallback(
      (next: T | ((value: T) => T), key?: string) =>
        dispatch({
          kind: "change",
          update: typeof next === "function" ? (next as (value: T) => T) : () => next,
          key,
          at: Date.now(),
        }),
      [],
    ),
    reset: useCallback((value: T) => dispatch({ kind: "reset", value }), []),
    undo: useCallback(() => dispatch({ kind: "undo" }), []),
    redo: useCallback(() => dispatch({ kind: "redo" }), []),
  };
}
