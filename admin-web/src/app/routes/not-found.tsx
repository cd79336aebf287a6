export default function NotFound() {
  return <h1 className="center">404 - Page Not Found</h1>;
}
