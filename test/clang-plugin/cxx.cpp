// C++: functions, methods, template instantiations and lambdas are
// analyzed one by one; what goes through library objects (std::vector
// elements, members reached through `this`) is not followed, so it is
// never reported.
// RUN: %clang_cc_plugin -std=c++17 -Xclang -verify %s
#include <mpi.h>
#include <vector>

template <typename T> void bad_template(T value) {
  T buf[4] = {value, value, value, value};
  MPI_Request req;
  MPI_Isend(buf, 4 * sizeof(T), MPI_BYTE, 1, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Isend started here}}
  buf[0] = T(); // expected-warning {{write to 'buf[0]', the send buffer 'buf' of a pending MPI_Isend}}
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}
template void bad_template<double>(double);

class Exchanger {
public:
  void ok_member_buffer() {
    MPI_Request req;
    MPI_Irecv(in_, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    in_[0] = 1.0; // through `this`: not followed
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  void bad_local_buffer() {
    double tmp[8];
    MPI_Request req;
    MPI_Irecv(tmp, 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req); // expected-note {{MPI_Irecv started here}}
    in_[0] = tmp[1]; // expected-warning {{read of 'tmp[1]', the receive buffer 'tmp' of a pending MPI_Irecv}}
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }

private:
  double in_[8];
};

void ok_vector_of_requests(int n, double *buf) {
  std::vector<MPI_Request> reqs(n);
  for (int i = 0; i < n; i++)
    MPI_Irecv(buf + i, 1, MPI_DOUBLE, i, 0, MPI_COMM_WORLD, &reqs[i]);
  MPI_Waitall(n, reqs.data(), MPI_STATUSES_IGNORE);
  buf[0] = 0;
}

void lambdas() {
  auto bad = []() {
    int x = 0;
    MPI_Request req;
    MPI_Irecv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); // expected-note 3 {{MPI_Irecv started here}}
    return x; // expected-warning {{read of 'x', the receive buffer '&x' of a pending MPI_Irecv}} expected-warning {{request 'req' of a pending MPI_Irecv goes out of scope}} expected-warning {{stack buffer 'x' goes out of scope}}
  };
  auto ok = []() {
    int x = 0;
    MPI_Request req;
    MPI_Irecv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    return x;
  };
  bad();
  ok();
}

// A reference to the buffer is an alias the analysis does not follow.
void ok_reference(int *out) {
  int buf[4] = {0};
  int &first = buf[0];
  MPI_Request req;
  MPI_Isend(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
  *out = first;
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  first = 1;
}
