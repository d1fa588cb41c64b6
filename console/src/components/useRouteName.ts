import { useMatches } from '@tanstack/react-router';

/** The contract's name of the route being shown (from the route's static data). */
export function useRouteName(): string | undefined {
  return useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const name = matches[i]?.staticData.routeName;
        if (name) return name;
      }
      return undefined;
    },
  });
}
