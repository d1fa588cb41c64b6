type Navigate = (href: string) => void;

let navigateImpl: Navigate = (href) => window.location.assign(href);

/** The router registers its client-side navigation here; code outside React (the session) navigates through it. */
export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(href: string): void {
  navigateImpl(href);
}
