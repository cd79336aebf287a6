import { useSession } from '../../features/auth/session.tsx';

export default function Dashboard() {
  const { state } = useSession();
  if (state.status !== 'signed-in') return null;
  return (
    <section>
      <h1>Dashboard</h1>
      <p>
        Signed in as {state.admin.username} ({state.admin.role === 'super_admin' ? 'Super Admin' : 'Admin'}).
      </p>
    </section>
  );
}
