// fem_assembly: unstructured finite-element CG in C++ templates.
//
// Models unstructured-mesh mini-apps (miniFE's assembly, MFEM/deal.II-style
// element loops): a 2-D mesh of P1 triangles stored as an unstructured mesh
// (connectivity arrays, nodes renumbered by a seeded random permutation, so
// every element loop gathers and scatters through indirect indices), split
// into strips of element rows by rank. CG solves (K + M) x = b with the
// operator applied element by element (no assembled matrix): the ghost
// node values of x (the next rank's first node row) are received IN PLACE
// into the tail of x with MPI_Irecv while the elements that do not touch
// them are computed (gathering x[conn[..]] next to the pending receive
// buffer), then the rest; the contributions to ghost nodes are sent
// straight out of the tail of y to their owner, which adds them to its
// nodes; dot products by MPI_Allreduce. Written with templates
// (element traits, a generic element loop over lambdas, std::vector,
// std::array, std::sort, std::unordered_map), so that its compile time
// says what MPISync costs on template-heavy C++.
//
//   fem_assembly [NX [ITERS]]   NX x NX elements-squares per rank
//                               (2 triangles each; default 512), ITERS CG
//                               iterations (default 200)
//
// Output: "checksum: <hex of |r|^2> <hex of sum x> <errors>"; errors counts
// a residual that did not fall by 10^3 in 100 or more iterations; exits 1
// on any.
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <unordered_map>
#include <vector>

namespace {

template <typename Scalar> struct Tri3 {
  static constexpr int kNodes = 3;
  using Matrix = std::array<std::array<Scalar, kNodes>, kNodes>;
  // Stiffness of a right triangle (the right angle at node 0; every element
  // of the mesh has this shape, in one of two orientations) plus `shift`
  // times its consistent mass: the shift keeps the system well conditioned,
  // so a fixed number of CG iterations reduces the residual by a known
  // factor at every mesh size.
  static Matrix local(Scalar shift) {
    Matrix k{};
    const Scalar s[3][3] = {
        {1.0, -0.5, -0.5}, {-0.5, 0.5, 0.0}, {-0.5, 0.0, 0.5}};
    for (int i = 0; i < kNodes; i++)
      for (int j = 0; j < kNodes; j++)
        k[i][j] = s[i][j] + shift * (i == j ? Scalar(2) : Scalar(1)) / 24;
    return k;
  }
};

template <typename Element> struct Mesh {
  std::vector<int> conn; // Element::kNodes local node ids per element
  std::vector<char> touches_ghost;
  int owned = 0, ghosts = 0;   // local nodes: [0, owned) owned, then ghosts
  std::vector<int> send_nodes; // my nodes the previous rank holds as ghosts
  std::size_t elements() const { return conn.size() / Element::kNodes; }
};

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

// Node rows 0..nx of this rank's strip; row nx is owned by the next rank
// (its row 0), except on the last rank. Owned nodes get a permuted numbering;
// ghost nodes come last, in column order, so they are one receive buffer.
template <typename Element>
Mesh<Element> build_mesh(int nx, int rank, int size) {
  Mesh<Element> m;
  const bool last = rank == size - 1;
  const int owned_rows = last ? nx + 1 : nx, cols = nx + 1;
  m.owned = owned_rows * cols;
  m.ghosts = last ? 0 : cols;
  std::vector<int> perm(m.owned);
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::pair<std::uint64_t, int>> keyed;
  keyed.reserve(perm.size());
  for (int p : perm)
    keyed.emplace_back(mix(std::uint64_t(p) * 7919 + unsigned(rank)), p);
  std::sort(keyed.begin(), keyed.end());
  std::unordered_map<long, int> id; // structured (row, col) -> local id
  id.reserve(std::size_t(m.owned + m.ghosts));
  for (int k = 0; k < m.owned; k++)
    id[keyed[std::size_t(k)].second] = k;
  for (int c = 0; c < m.ghosts; c++)
    id[long(nx) * cols + c] = m.owned + c;
  auto node = [&](int r, int c) { return id.at(long(r) * cols + c); };
  for (int r = 0; r < nx; r++)
    for (int c = 0; c < nx; c++) {
      const std::array<std::array<int, 3>, 2> tris = {
          {{node(r, c), node(r, c + 1), node(r + 1, c)},
           {node(r + 1, c + 1), node(r + 1, c), node(r, c + 1)}}};
      for (const auto &t : tris) {
        m.conn.insert(m.conn.end(), t.begin(), t.end());
        m.touches_ghost.push_back(!last && r == nx - 1);
      }
    }
  if (rank > 0)
    for (int c = 0; c < cols; c++)
      m.send_nodes.push_back(node(0, c));
  return m;
}

// y[conn] += K_e x[conn] over the elements selected by `pick`.
template <typename Element, typename Scalar, typename Pick>
void apply_elements(const Mesh<Element> &m, const typename Element::Matrix &k,
                    const Scalar *x, Scalar *y, Pick pick) {
  const int *conn = m.conn.data();
  for (std::size_t e = 0; e < m.elements(); e++) {
    if (!pick(e))
      continue;
    const int *en = conn + e * Element::kNodes;
    std::array<Scalar, Element::kNodes> xe;
    for (int i = 0; i < Element::kNodes; i++)
      xe[std::size_t(i)] = x[en[i]];
    for (int i = 0; i < Element::kNodes; i++) {
      Scalar acc = 0;
      for (int j = 0; j < Element::kNodes; j++)
        acc += k[std::size_t(i)][std::size_t(j)] * xe[std::size_t(j)];
      y[en[i]] += acc;
    }
  }
}

template <typename Element, typename Scalar> class Operator {
public:
  Operator(const Mesh<Element> &m, Scalar shift, int rank, int size)
      : m_(m), k_(Element::local(shift)), rank_(rank), size_(size),
        to_prev_(m.send_nodes.size()) {}

  // y = A x on owned nodes; x's ghost tail is filled here.
  void apply(Scalar *x, Scalar *y) {
    const int next = rank_ + 1 < size_ ? rank_ + 1 : MPI_PROC_NULL;
    const int prev = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
    MPI_Request req[2];
    MPI_Irecv(x + m_.owned, m_.ghosts, MPI_DOUBLE, next, 1, MPI_COMM_WORLD,
              &req[0]);
    for (std::size_t i = 0; i < to_prev_.size(); i++)
      to_prev_[i] = x[m_.send_nodes[i]];
    MPI_Isend(to_prev_.data(), int(to_prev_.size()), MPI_DOUBLE, prev, 1,
              MPI_COMM_WORLD, &req[1]);
    std::fill(y, y + m_.owned + m_.ghosts, Scalar(0));
    apply_elements(m_, k_, x, y,
                   [&](std::size_t e) { return !m_.touches_ghost[e]; });
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    apply_elements(m_, k_, x, y,
                   [&](std::size_t e) { return bool(m_.touches_ghost[e]); });
    // Ghost contributions go to their owner, straight out of y's tail.
    MPI_Request back[2];
    MPI_Isend(y + m_.owned, m_.ghosts, MPI_DOUBLE, next, 2, MPI_COMM_WORLD,
              &back[0]);
    MPI_Irecv(to_prev_.data(), int(to_prev_.size()), MPI_DOUBLE, prev, 2,
              MPI_COMM_WORLD, &back[1]);
    MPI_Waitall(2, back, MPI_STATUSES_IGNORE);
    for (std::size_t i = 0; i < to_prev_.size(); i++)
      y[m_.send_nodes[i]] += to_prev_[i];
  }

private:
  const Mesh<Element> &m_;
  typename Element::Matrix k_;
  int rank_, size_;
  std::vector<Scalar> to_prev_; // staging of the ghost values and contributions
};

template <typename Scalar>
Scalar dot(const std::vector<Scalar> &a, const std::vector<Scalar> &b, int n) {
  Scalar local = 0, global = 0;
  for (int i = 0; i < n; i++)
    local += a[std::size_t(i)] * b[std::size_t(i)];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return global;
}

template <typename T> std::uint64_t bits(T v) {
  std::uint64_t u = 0;
  std::memcpy(&u, &v, sizeof v);
  return u;
}

template <typename Element, typename Scalar>
int run(int nx, int iters, int rank, int size) {
  const Mesh<Element> mesh = build_mesh<Element>(nx, rank, size);
  Operator<Element, Scalar> op(mesh, Scalar(0.05), rank, size);
  const std::size_t len = std::size_t(mesh.owned + mesh.ghosts);
  std::vector<Scalar> x(len, 0), r(len), p(len), ap(len);
  for (int i = 0; i < mesh.owned; i++)
    r[std::size_t(i)] =
        Scalar(mix(std::uint64_t(i) + 1000003ULL * unsigned(rank)) % 1000) /
        1000;
  p = r;
  Scalar rr = dot(r, r, mesh.owned);
  const Scalar rr0 = rr;
  for (int it = 0; it < iters && rr > 0; it++) {
    op.apply(p.data(), ap.data());
    const Scalar alpha = rr / dot(p, ap, mesh.owned);
    for (int i = 0; i < mesh.owned; i++) {
      x[std::size_t(i)] += alpha * p[std::size_t(i)];
      r[std::size_t(i)] -= alpha * ap[std::size_t(i)];
    }
    const Scalar rr_new = dot(r, r, mesh.owned);
    for (int i = 0; i < mesh.owned; i++)
      p[std::size_t(i)] = r[std::size_t(i)] + rr_new / rr * p[std::size_t(i)];
    rr = rr_new;
  }
  Scalar sx = 0;
  // x's sum in the structured order is rank-count independent only up to
  // rounding; summing owned nodes in local id order is deterministic.
  for (int i = 0; i < mesh.owned; i++)
    sx += x[std::size_t(i)];
  Scalar total = 0;
  MPI_Allreduce(&sx, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  // Unpreconditioned CG's residual is not monotone, but over 100
  // iterations at this conditioning it falls by far more than 10^3.
  const int errors = !(rr < rr0 * 1e-3) && iters >= 100;
  if (rank == 0)
    std::printf("checksum: %016llx %016llx %d\n", (unsigned long long)bits(rr),
                (unsigned long long)bits(total), errors);
  return errors;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int nx = argc > 1 ? std::atoi(argv[1]) : 512;
  const int iters = argc > 2 ? std::atoi(argv[2]) : 200;
  const int errors = run<Tri3<double>, double>(nx, iters, rank, size);
  MPI_Finalize();
  return errors ? 1 : 0;
}
