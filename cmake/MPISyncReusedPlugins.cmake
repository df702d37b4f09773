# -DMPISYNC_PLUGINS_FROM=DIR: take the LLVM pass plugin and the clang plugin
# from DIR (the lib/ folder of another build of the same sources) instead of
# compiling them. Neither depends on the MPI beyond the names in their call
# tables, which list every call at the same argument positions for every
# MPI family (runtime/mpi_prototypes.py); an MPICH build's tables also
# name a few large-count calls that Open MPI 4.1 lacks, which its programs
# never call. So a second build for another MPI needs only its own runtime
# and drivers: tools/dev.sh builds Open MPI this way.
foreach(plugin MPISyncPass MPISyncClangPlugin)
  set(from ${MPISYNC_PLUGINS_FROM}/${plugin}.so)
  set(to ${CMAKE_BINARY_DIR}/lib/${plugin}.so)
  if(NOT EXISTS ${from})
    message(FATAL_ERROR "MPISYNC_PLUGINS_FROM: ${from} does not exist; build "
                        "that tree first")
  endif()
  add_custom_command(OUTPUT ${to}
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${from} ${to}
    DEPENDS ${from}
    COMMENT "Taking ${plugin}.so from ${MPISYNC_PLUGINS_FROM}")
  add_custom_target(${plugin} ALL DEPENDS ${to})
  install(PROGRAMS ${to} DESTINATION lib)
endforeach()
