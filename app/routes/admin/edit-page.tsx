// Placeholder until its issue lands; replaced by the module that owns this screen.
export default function Placeholder() {
  return null;
}
