export function App() {
  return <main><h1>Discover Your Unique Path to Flourish</h1></main>;
}
