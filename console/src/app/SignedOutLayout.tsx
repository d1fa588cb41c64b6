import { Outlet } from '@tanstack/react-router';
import { PublicFrame } from '@/components/PublicFrame';

/** The signed-out layout of the public and verification routes. */
export default function SignedOutLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
