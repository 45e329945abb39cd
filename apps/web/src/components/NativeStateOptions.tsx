import { US_STATE_OPTIONS } from '../lib/us-address';

/**
 * The options of a native state select (a TextField with `select` and
 * `slotProps={{ select: { native: true } }}`): "Choose…", then every state by name. The
 * platform's own list is quick to type into and opens the phone's picker on small screens.
 */
export const NATIVE_STATE_SELECT_PROPS = { select: { native: true }, inputLabel: { shrink: true } } as const;

export function nativeStateOptions() {
  return [
    <option key="" value="" disabled>
      Choose…
    </option>,
    ...US_STATE_OPTIONS.map(({ code, name }) => (
      <option key={code} value={code}>
        {name}
      </option>
    )),
  ];
}
