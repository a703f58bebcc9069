/**
 * The page origin of the React tests: happy-dom's window URL, and the one origin on the test
 * platform's allow-list, so every request goes through the platform's CORS as a browser's would.
 */
export const SHOP_ORIGIN = 'http://localhost:5173'
