# Reads the contract's error kinds (include/mpisync/error_kinds.def) at
# configure time: every kind must have its page docs/errors/<name>.md (a
# missing page fails the build), and MPISYNC_ERROR_KINDS_PY holds the kinds
# as the Python dict mpisync-report is configured with. Editing the .def
# file re-runs this.
set(_kinds_def ${MPISYNC_CONTRACT_DIR}/error_kinds.def)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY
             CMAKE_CONFIGURE_DEPENDS ${_kinds_def})
file(STRINGS ${_kinds_def} _kind_lines REGEX "^MPISYNC_ERROR_KIND\\(")
set(MPISYNC_ERROR_KINDS_PY "{\n")
set(MPISYNC_ERROR_KIND_NAMES)
foreach(line IN LISTS _kind_lines)
  if(NOT line MATCHES "^MPISYNC_ERROR_KIND\\(([A-Za-z0-9_]+), \"([a-z0-9-]+)\", \"([^\"]+)\"\\)$")
    message(FATAL_ERROR "${_kinds_def}: cannot read: ${line}")
  endif()
  set(_name ${CMAKE_MATCH_2})
  set(_desc ${CMAKE_MATCH_3})
  if(NOT EXISTS ${PROJECT_SOURCE_DIR}/docs/errors/${_name}.md)
    message(FATAL_ERROR "error kind ${_name} (${_kinds_def}) has no page "
                        "docs/errors/${_name}.md")
  endif()
  list(APPEND MPISYNC_ERROR_KIND_NAMES ${_name})
  string(APPEND MPISYNC_ERROR_KINDS_PY "    \"${_name}\":\n        \"${_desc}\",\n")
endforeach()
string(APPEND MPISYNC_ERROR_KINDS_PY "}")
