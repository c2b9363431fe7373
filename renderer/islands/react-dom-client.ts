/**
 * The islands runtime's first stage: evaluates react-dom's client in a task of its own. The entry imports this module,
 * not react-dom/client, whose CommonJS needs the bundler's interop helpers: imported by the entry, they were a chunk
 * that every page loaded at once.
 */
import "react-dom/client";
