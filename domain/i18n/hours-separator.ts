/**
 * Between an opening-hours status line's state and its detail ("פתוח עכשיו · נסגר ב־14:00"). A module of its own,
 * so the home page's status line splits it without loading the rest of the hours strings (the admin editor's among
 * them: home-bundle.test.ts).
 */
export const HOURS_STATUS_SEPARATOR = " · ";
